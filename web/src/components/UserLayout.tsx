import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { href } from '../lib/routes';
import { Breadcrumbs } from './Breadcrumbs';
import { Loading } from './Loading';

/**
 * The signed-in account pages (spec part 2, shell): a sidebar with Dashboard,
 * Profile, Security, Access and Notifications, shown as tabs on narrow
 * screens, breadcrumbs, and the screen.
 */
export default function UserLayout() {
  const { t } = useTranslation();
  const items = [
    { to: href('user.dashboard'), label: t('common.nav.dashboard') },
    { to: href('profile'), label: t('common.nav.profile') },
    { to: href('security'), label: t('common.nav.security') },
    { to: href('user.access'), label: t('common.nav.access') },
  ];
  return (
    <div className="user-layout">
      <nav aria-label={t('common.nav.label')} className="user-nav">
        <ul>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
          <li>
            {/* Notification preferences are a section of the profile. */}
            <Link to={`${href('profile')}#notifications`}>{t('common.nav.notifications')}</Link>
          </li>
        </ul>
      </nav>
      <div className="user-content">
        <Breadcrumbs />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
