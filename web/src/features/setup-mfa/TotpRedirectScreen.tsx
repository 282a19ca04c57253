import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { leaveTo, useCheckedTarget } from '../../lib/target';
import { ContinueLink } from './components/ContinueLink';

/** docs/product.md part 9: the same pause as link-success before leaving on its own. */
export const TOTP_REDIRECT_DELAY_MS = 3000;

/**
 * `/totp/redirect`: the authenticator app is set up; the user is taken back
 * to where the setup interrupted them (`redirect`, this site only) after a
 * short pause, or goes at once with the button. Without a target: the
 * security page.
 */
export default function TotpRedirectScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const checked = useCheckedTarget(params.get('redirect'));
  const target = checked.target ?? { url: href('security'), path: href('security') };

  useEffect(() => {
    if (checked.pending) return;
    const timer = setTimeout(() => leaveTo(target, navigate), TOTP_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [checked.pending, target, navigate]);

  return (
    <section className="card narrow" aria-labelledby="totp-redirect-title">
      <h1 id="totp-redirect-title">{t('account.setup.totpSuccessTitle')}</h1>
      <p className="notice notice-success">{t('account.setup.totpSuccessText')}</p>
      <p role="status">{t('account.setup.redirecting')}</p>
      <div className="actions">
        <ContinueLink checked={target} />
      </div>
    </section>
  );
}
