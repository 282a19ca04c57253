import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signInHint } from '../../../lib/flow-state';
import { href } from '../../../lib/routes';

/**
 * Under "This email is already in use" (or the phone number): the address or
 * number may be the person's own, from an account they forgot. Two ways on:
 * log in (the e-mail sign-in fills in `login`, the address typed, when there
 * is one: docs/journeys-signin.md) or reset the password.
 */
export function AlreadyInUse({ kind, login }: { kind: 'email' | 'phone'; login?: string }) {
  const { t } = useTranslation();
  return (
    <div className="notice in-use">
      <p>{t(`flows.onboarding.inUse.${kind}`)}</p>
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
