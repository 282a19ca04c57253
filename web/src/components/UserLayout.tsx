import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { visitChoice } from '../i18n/remember';
import { href } from '../lib/routes';
import { Breadcrumbs } from './Breadcrumbs';
import { Loading } from './Loading';

// The confirmations' region brings React Aria's toasts: it loads after the page, not before it.
const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));
// The offer of this visit's language for the account: loads only when there is one to make.
const LanguageOffer = lazy(() =>
  import('./LanguageOffer').then((m) => ({ default: m.LanguageOffer })),
);

/**
 * The signed-in account pages (docs/product.md part 2, shell): a sidebar with Dashboard,
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
    { to: href('user.notifications'), label: t('common.nav.notifications') },
  ];
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // Read once: the offer marks itself made as it shows, and stays until answered.
  const [languageOffer] = useState(() => visitChoice()?.offered === false);
  // Narrow screens show the sections as a scrolling row of tabs: keep the current one in
  // view, centred, on each route change and when the window changes size (a phone turned).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change
  useEffect(() => {
    const keepInView = () => {
      const row = list.current;
      const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!row || !current || row.scrollWidth <= row.clientWidth) return;
      const tab = current.getBoundingClientRect();
      const box = row.getBoundingClientRect();
      row.scrollLeft += tab.left + tab.width / 2 - (box.left + box.width / 2);
    };
    keepInView();
    window.addEventListener('resize', keepInView);
    return () => window.removeEventListener('resize', keepInView);
  }, [pathname]);
  return (
    <div className="user-layout">
      <nav aria-label={t('common.nav.label')} className="user-nav">
        <ul ref={list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to}>{item.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="user-content">
        {languageOffer && (
          <Suspense fallback={null}>
            <LanguageOffer />
          </Suspense>
        )}
        <Breadcrumbs />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </div>
  );
}
