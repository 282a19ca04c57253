import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { href } from '../app/routes';
import { useCurrentUser, useLogout } from '../lib/session';

export function Layout() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.app.skipToContent')}
      </a>
      <header className="header">
        <Link to={href('home')} className="brand">
          {t('common.app.name')}
        </Link>
        {user && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              logout.mutate(
                {},
                {
                  onSettled: () => navigate(href('login.email'), { replace: true }),
                },
              )
            }
          >
            {t('common.nav.logout')}
          </button>
        )}
      </header>
      <main id="main" className="main">
        <Outlet />
      </main>
    </>
  );
}
