import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { href, routeNameOf } from '../lib/routes';
import { HeaderTools } from './HeaderTools';
import { PageNavigation } from './PageNavigation';

/** The shell (docs/product.md part 2): header with the language switcher and the sign-in slot. */
export function Layout() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = routeNameOf(location.pathname);
  // The maintenance screen is trilingual on its own and offers no sign-in.
  const tools = route !== 'maintenance';
  // On the sign-in pages and inside a sign-in, recovery or sign-up flow the header
  // offers no "Log in": the person is already on their way in (and a phone's
  // header keeps room for the brand and the language).
  const onTheWayIn = route !== null && /^(login|mfa|forgot|reset|weak|onboarding)/.test(route);
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
        {tools && <HeaderTools onLogin={onTheWayIn} />}
      </header>
      <PageNavigation main={main} />
      <main id="main" className="main" ref={main}>
        <Outlet />
      </main>
    </>
  );
}
