import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { href, routeNameOf } from '../lib/routes';

// The header's tools bring the widget library: they load after the first page (bundle budget).
const HeaderTools = lazy(() => import('./HeaderTools'));

const PageNavigation = lazy(() => import('./PageNavigation'));

/** The shell (spec part 2): header with the language switcher and the sign-in slot. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = routeNameOf(location.pathname);
  // The maintenance screen is trilingual on its own and offers no sign-in.
  const tools = route !== 'maintenance';
  // The header's tools load once the first page is on screen (`useAfterFirstPage`).
  const [afterFirstPage, setAfterFirstPage] = useState(false);
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
        {tools && !afterFirstPage && <div className="header-tools" />}
        {tools && afterFirstPage && (
          <Suspense fallback={<div className="header-tools" />}>
            <HeaderTools onLogin={route === 'login.email' || route === 'login.phone'} />
          </Suspense>
        )}
      </header>
      <Suspense fallback={null}>
        <PageNavigation main={main} onFirstPage={() => setAfterFirstPage(true)} />
      </Suspense>
      <main id="main" className="main" ref={main}>
        <Outlet />
      </main>
    </>
  );
}
