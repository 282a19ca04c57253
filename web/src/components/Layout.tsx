import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { href, routeNameOf } from '../lib/routes';
import { useCurrentUser, useLogout } from '../lib/session';
import { LanguageSwitcher } from './LanguageSwitcher';

const PageNavigation = lazy(() => import('./PageNavigation'));

/** The shell (spec part 2): header with the language switcher and the sign-in slot. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = routeNameOf(location.pathname);
  // The maintenance screen is trilingual on its own and offers no sign-in.
  const tools = route !== 'maintenance';
  const main = useRef<HTMLElement>(null);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.app.skipToContent')}
      </a>
      <header className="header">
        <Link to={href('home')} className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>{t('common.app.name')}</span>
        </Link>
        {tools && (
          <div className="header-tools">
            <LanguageSwitcher />
            <LoginSlot onLogin={route === 'login.email' || route === 'login.phone'} />
          </div>
        )}
      </header>
      <Suspense fallback={null}>
        <PageNavigation main={main} />
      </Suspense>
      <main id="main" className="main" ref={main}>
        <Outlet />
      </main>
    </>
  );
}

/** Signed in: who, and the logout button (spec: only when logged in). Otherwise a sign-in link. */
function LoginSlot({ onLogin }: { onLogin: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  if (isLoading) return null;
  if (!user) {
    return onLogin ? null : (
      <Link to={href('login.email')} className="button button-secondary">
        {t('common.nav.login')}
      </Link>
    );
  }
  return (
    <div className="login-slot">
      <span className="user-name">{user.firstname}</span>
      <button
        type="button"
        className="button button-secondary"
        disabled={logout.isPending}
        onClick={() => {
          setFailed(false);
          logout.mutate(
            {},
            {
              onSuccess: () => navigate(href('login.email'), { replace: true }),
              onError: () => setFailed(true),
            },
          );
        }}
      >
        {t('common.nav.logout')}
      </button>
      {failed && (
        <p role="alert" className="error header-error">
          {t('common.logout.failed')}
        </p>
      )}
    </div>
  );
}
