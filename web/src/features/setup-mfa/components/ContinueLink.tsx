import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CheckedTarget, screenPath } from '../../../lib/target';

/**
 * "Continue" back to where the setup interrupted the person, to the URL the
 * gateway checked (lib/target.ts): a screen of the app through the router,
 * anything else it allowed (the gateway's `/authorize`, a partner's request
 * carried on by the server) as a real navigation.
 */
export function ContinueLink({ checked }: { checked: CheckedTarget }) {
  const { t } = useTranslation();
  const path = screenPath(checked);
  return path ? (
    <Link className="button" to={path}>
      {t('account.setup.continue')}
    </Link>
  ) : (
    <a className="button" href={checked.url}>
      {t('account.setup.continue')}
    </a>
  );
}
