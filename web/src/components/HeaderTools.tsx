import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useHydrated } from '../lib/hydration';
import { lazyScreen } from '../lib/lazy';
import { useLogout } from '../lib/logout';
import { href } from '../lib/routes';
import { useCurrentUser } from '../lib/session';
import { BusyLabel } from './BusyLabel';
import { LanguageSwitcher } from './LanguageSwitcher';
import './widgets.css';

// The widget library's menu comes with the first signed-in page, never with the sign-in pages.
const AccountMenu = lazyScreen(() => import('./AccountMenu'));

/**
 * Loads the account menu's code: a signed-in page the server drew does so
 * before hydrating, so that the menu's button works as soon as the page does
 * (it is drawn disabled until then: `lib/hydration.ts`).
 */
export const preloadAccountMenu = (): Promise<unknown> => AccountMenu.preload();

/** Up to two initials of the user's names, for the avatar. */
function initialsOf(first: string, last: string) {
  return [first, last]
    .map((name) => name.trim().charAt(0))
    .join('')
    .toLocaleUpperCase();
}

/**
 * The header's right-hand side, drawn with the page (on the server too).
 * The language switcher, and who is signed in with the logout button (spec:
 * only when logged in), or a sign-in link. Signed in, narrow screens get one
 * menu button holding the languages and the account actions instead, so the
 * header stays one row.
 */
export function HeaderTools({ onLogin }: { onLogin: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  // Signing out is the script's: drawn disabled until the app has the page.
  const hydrated = useHydrated();
  const doLogout = () => {
    setFailed(false);
    logout.mutate(
      {},
      {
        onSuccess: () => navigate(href('login.email'), { replace: true }),
        onError: () => setFailed(true),
      },
    );
  };
  const showLogin = !isLoading && !user && !onLogin;

  if (!user) {
    return (
      <div className="header-tools">
        <LanguageSwitcher />
        {showLogin && (
          <Link to={href('login.email')} className="button button-secondary">
            {t('common.nav.login')}
          </Link>
        )}
      </div>
    );
  }
  const name = `${user.firstname} ${user.lastname}`.trim();
  const initials = initialsOf(user.firstname, user.lastname);
  return (
    <div className="header-tools">
      <div className="header-wide">
        <LanguageSwitcher />
        <span className="header-user">
          {initials && (
            <span className="avatar" aria-hidden="true">
              {initials}
            </span>
          )}
          <span className="user-name">{user.firstname}</span>
        </span>
        <button
          type="button"
          className="button button-secondary"
          disabled={logout.isPending || !hydrated}
          aria-busy={logout.isPending || undefined}
          onClick={doLogout}
        >
          <BusyLabel busy={logout.isPending}>{t('common.nav.logout')}</BusyLabel>
        </button>
      </div>
      <div className="header-narrow">
        <Suspense fallback={<span className="menu-button" />}>
          <AccountMenu
            name={name}
            initials={initials}
            signedIn
            showLogin={false}
            onLogout={doLogout}
          />
        </Suspense>
      </div>
      {failed && (
        <p role="alert" className="error header-error">
          {t('common.logout.failed')}
        </p>
      )}
    </div>
  );
}
