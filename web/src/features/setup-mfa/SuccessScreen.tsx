import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { useCheckedTarget } from '../../lib/target';
import { ContinueLink } from './components/ContinueLink';

/** MFA setup done (`/setup-mfa/success`, and `/setup-totp/success` for the authenticator app). */
export default function SuccessScreen({ totp = false }: { totp?: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // Set when the setup interrupted a sign-in (TOTP reset from the recovery screen):
  // Continue leads only to what the gateway checked it into.
  const { pending, target } = useCheckedTarget(params.get('redirect'));
  return (
    <section className="card narrow" aria-labelledby="success-title">
      <h1 id="success-title">
        {totp ? t('account.setup.totpSuccessTitle') : t('account.setup.successTitle')}
      </h1>
      <p className="notice notice-success">
        {totp ? t('account.setup.totpSuccessText') : t('account.setup.successText')}
      </p>
      {/* The ways on, once the gateway answered where Continue leads. */}
      {pending ? (
        <Loading />
      ) : (
        <div className="actions">
          {target && <ContinueLink checked={target} />}
          <Link className={target ? 'button button-secondary' : 'button'} to={href('security')}>
            {t('account.setup.toSecurity')}
          </Link>
          <Link className="button button-secondary" to={href('user.dashboard')}>
            {t('account.setup.toDashboard')}
          </Link>
        </div>
      )}
    </section>
  );
}
