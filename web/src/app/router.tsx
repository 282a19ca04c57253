import { Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../components/Layout';
import { LazyPhoneField } from '../components/LazyPhoneField';
import { lazyScreen } from '../lib/lazy';
import { href, routes } from '../lib/routes';
import { RouteGuard } from './guards';

/*
 * The routes of docs/product.md part 2. This file holds what the first page needs: the
 * sign-in pages. Every other screen is in `all-screens.tsx`, a table that
 * loads on demand (bundle budget of /login/email): add screens there.
 * Screens load with `lazyScreen(load, namespaces)`; the `RouteGuard` in front
 * of them applies docs/product.md part 4's rules by route name (public, signed-in,
 * forced MFA, step-up, order), so a screen added there is guarded without
 * more code.
 *
 * The app uses react-router's declarative router (`useRoutes`): the data
 * router would add 15 KB gzipped to the first page and no screen needs loaders.
 */

const LoginScreen = lazyScreen(() => import('../features/auth/LoginScreen'));
const MaintenanceScreen = lazyScreen(() => import('../features/maintenance/MaintenanceScreen'));
// Every screen after the sign-in uses the forms' and navigation texts (codes, password
// rules, breadcrumbs): they come with the table, not with the first page.
const AllScreens = lazyScreen(() => import('./all-screens'), ['forms']);
// The passkey sign-in: after the sign-in form, with its texts; `@simplewebauthn/browser` loads
// with the ceremony (what the sign-in page loads: docs/performance.md).
const PasskeySignIn = lazyScreen(() => import('../features/passkeys/PasskeySignIn'), ['passkeys']);
/**
 * Loads what `pathname` shows before the app renders it (start-up, once the
 * texts' language is known): the sign-in screen, or the screens' table with
 * the layout and screen of that path.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const signIn = signInScreens(pathname);
  if (signIn) return Promise.all(signIn.map((screen) => screen.preload()));
  return AllScreens.preload().then((table) => table.preloadScreens(pathname));
}

/**
 * Starts fetching the code of what `pathname` shows at once, beside the
 * config and the texts it does not depend on: a page opened directly (a
 * bookmark, a reload) then waits for one round of requests, not a chain.
 * `preloadPage` finds the modules there.
 */
export function fetchPageCode(pathname: string): void {
  const signIn = signInScreens(pathname);
  if (signIn) {
    for (const screen of signIn) void screen.fetchCode();
    return;
  }
  void import('./all-screens')
    .then((table) => table.default.fetchScreensCode(pathname))
    .catch(() => undefined);
}

/** The sign-in page's parts `pathname` shows, or null: its screens are in the table. */
function signInScreens(
  pathname: string,
): { preload: () => Promise<unknown>; fetchCode: () => Promise<unknown> }[] | null {
  if (pathname === '/login/phone') return [LoginScreen, LazyPhoneField];
  if (pathname.startsWith('/login/')) return [LoginScreen];
  return null;
}

// Until it arrives, its place is kept, so the page does not move (the server draws it whole).
const passkeyPlace = <div className="passkey-sign-in passkey-place" />;
const passkey = (autofill: boolean) => (
  <Suspense fallback={passkeyPlace}>
    <PasskeySignIn autofill={autofill} />
  </Suspense>
);

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          { path: routes.home, element: <Navigate to={href('user.dashboard')} replace /> },
          { path: routes.login, element: <Navigate to={href('login.email')} replace /> },
          {
            path: routes['login.email'],
            element: <LoginScreen kind="email" passkey={passkey(true)} />,
          },
          {
            path: routes['login.phone'],
            element: <LoginScreen kind="phone" passkey={passkey(false)} />,
          },
          { path: routes.maintenance, element: <MaintenanceScreen /> },
          { path: '*', element: <AllScreens /> },
        ],
      },
    ],
  },
];
