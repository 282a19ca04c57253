import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../components/Layout';
import { href, routes } from '../lib/routes';
import { RouteGuard } from './guards';
import { lazyScreen } from './lazy';

/*
 * The routes of spec part 2. This file holds what the first page needs: the
 * sign-in pages. Every other screen is in `all-screens.tsx`, a table that
 * loads on demand (bundle budget of /login/email): add screens there.
 * Screens load with `lazyScreen(load, namespaces)`; the `RouteGuard` in front
 * of them applies spec part 4's rules by route name (public, signed-in,
 * forced MFA, step-up, order), so a screen added there is guarded without
 * more code.
 *
 * The app uses react-router's declarative router (`useRoutes`): the data
 * router would add 15 KB gzipped to the first page and no screen needs loaders.
 */

const LoginScreen = lazyScreen(() => import('../features/auth/LoginScreen'));
const MaintenanceScreen = lazyScreen(() => import('../features/maintenance/MaintenanceScreen'));
const AllScreens = lazy(() => import('./all-screens'));

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          { path: routes.home, element: <Navigate to={href('user.dashboard')} replace /> },
          { path: routes.login, element: <Navigate to={href('login.email')} replace /> },
          { path: routes['login.email'], element: <LoginScreen kind="email" /> },
          { path: routes['login.phone'], element: <LoginScreen kind="phone" /> },
          { path: routes.maintenance, element: <MaintenanceScreen /> },
          { path: '*', element: <AllScreens /> },
        ],
      },
    ],
  },
];
