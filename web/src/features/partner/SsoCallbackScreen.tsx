import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';

/**
 * `/sso/{provider}/login/callback` when the workplace login did not work.
 * The identity provider sends the browser back to this address with a
 * one-time code and the login's state; the gateway answers that navigation
 * itself (docs/flows.md, "Workplace link"): on to the next page when the
 * login worked, else this page (400), for a login this browser did not
 * start, a code spent or the provider's own refusal.
 */
export default function SsoCallbackScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.partner.callback.title')}</h1>
      <p className="notice notice-error" role="alert">
        {t('flows.partner.callback.failed')}
      </p>
      <Link to={href('login.email')}>{t('flows.partner.callback.backToLogin')}</Link>
    </section>
  );
}
