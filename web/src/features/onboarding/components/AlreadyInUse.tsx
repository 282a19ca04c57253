import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../../lib/routes';

/**
 * Under "This email is already in use" (or the phone number): the address or
 * number may be the person's own, from an account they forgot. Two ways on:
 * log in or reset the password (nothing of the onboarding is handed to the
 * sign-in: the browser keeps no journey's state).
 *
 * `noCode`: under the code step instead. An address another account holds is
 * answered as a free one, and its owner gets a message in place of the code
 * (docs/security.md, V6.3): the screen cannot know which happened, so it says
 * what the missing code may mean, for every address alike.
 */
export function AlreadyInUse({
  kind,
  noCode = false,
}: {
  kind: 'email' | 'phone';
  noCode?: boolean;
}) {
  const { t } = useTranslation();
  const intro = noCode
    ? t(
        kind === 'email'
          ? 'flows.onboarding.inUse.noCodeEmail'
          : 'flows.onboarding.inUse.noCodePhone',
      )
    : t(`flows.onboarding.inUse.${kind}`);
  return (
    <div className={noCode ? 'hint in-use no-code' : 'notice in-use'}>
      <p>{intro}</p>
      <ul className="in-use-links">
        <li>
          <Link to={href(kind === 'email' ? 'login.email' : 'login.phone')}>
            {t('flows.onboarding.inUse.login')}
          </Link>
        </li>
        <li>
          <Link to={href(kind === 'email' ? 'forgot-password.email' : 'forgot-password.phone')}>
            {t('flows.onboarding.inUse.reset')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
