import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signInHint } from '../../../lib/flow-state';
import { href } from '../../../lib/routes';

/**
 * Under "This email is already in use" (or the phone number): the address or
 * number may be the person's own, from an account they forgot. Two ways on:
 * log in (the e-mail sign-in fills in `login`, the address typed, when there
 * is one: docs/journeys-signin.md) or reset the password.
 *
 * `noCode`: under the code step instead. An address another account holds is
 * answered as a free one, and its owner gets a message in place of the code
 * (docs/security.md, V6.3): the screen cannot know which happened, so it says
 * what the missing code may mean, for every address alike.
 */
export function AlreadyInUse({
  kind,
  login,
  noCode = false,
}: {
  kind: 'email' | 'phone';
  login?: string | undefined;
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
          <Link
            to={href(kind === 'email' ? 'login.email' : 'login.phone')}
            onClick={() => {
              if (login) signInHint.set(login);
            }}
          >
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
