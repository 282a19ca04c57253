import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Continue" back to where the setup interrupted the person: the gateway's
 * `/authorize` (a partner's request, carried on by the server) is a real
 * navigation, any other target a screen of the app.
 */
export function ContinueLink({ target }: { target: string }) {
  const { t } = useTranslation();
  const toPartner = target === '/authorize' || target.startsWith('/authorize?');
  return toPartner ? (
    <a className="button" href={target}>
      {t('account.setup.continue')}
    </a>
  ) : (
    <Link className="button" to={target}>
      {t('account.setup.continue')}
    </Link>
  );
}
