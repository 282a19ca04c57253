import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { dashboardTarget, leaveTo, useCheckedTarget } from '../../lib/target';

/** docs/product.md part 9: the link-success screen moves on after 3000 ms. */
export const LINK_SUCCESS_DELAY_MS = 3000;

/**
 * `/partner/link-success` (sensitive: after a recent MFA check): the
 * workplace login is linked. After 3 seconds the user goes where the
 * identity-provider login was headed (`target`, which the gateway put here
 * from the login's flow), as the gateway checks it (no open redirect), else
 * to the dashboard.
 */
export default function LinkSuccessScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const [params] = useSearchParams();
  const wanted = params.get('target');
  // Where the login was headed, as the gateway checked it; the dashboard when it refused.
  const checked = useCheckedTarget(wanted);
  const ready = !checked.pending;
  const target = checked.target ?? dashboardTarget();

  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => leaveTo(target, navigate), LINK_SUCCESS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, target, navigate]);

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.partner.linkSuccess.title')}</h1>
      <p className="notice notice-success" role="status">
        {t('flows.partner.linkSuccess.text')}
      </p>
      <p>{t('flows.partner.linkSuccess.redirecting')}</p>
      <Link
        to={href('user.dashboard')}
        className="button"
        onClick={(event) => {
          event.preventDefault();
          leaveTo(target, navigate);
        }}
      >
        {t('flows.partner.linkSuccess.continue')}
      </Link>
    </section>
  );
}
