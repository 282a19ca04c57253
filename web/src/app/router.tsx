import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../components/Layout';
import { UserLayout } from '../components/UserLayout';
import { RouteGuard } from './guards';
import { lazyScreen } from './lazy';
import { href, routes } from './routes';

/*
 * Every route of spec part 2. Screens load on demand with `lazyScreen(load,
 * namespaces)`; the `RouteGuard` in front of them applies spec part 4's rules
 * by route name (public, signed-in, forced MFA, step-up, order), so a screen
 * added here is guarded without more code. Signed-in account screens go under
 * `UserLayout` (sidebar, tabs on mobile, breadcrumbs).
 *
 * The app uses react-router's declarative router (`useRoutes`): the data
 * router would add 15 KB gzipped to the first page and no screen needs loaders.
 */

const LoginScreen = lazyScreen(() => import('../features/auth/LoginScreen'));
const DashboardScreen = lazyScreen(() => import('../features/dashboard/DashboardScreen'));
const MaintenanceScreen = lazyScreen(() => import('../features/maintenance/MaintenanceScreen'));

/** Screens shown inside the user sidebar/tabs layout. */
const userScreens: RouteObject[] = [
  { path: routes['user.dashboard'], element: <DashboardScreen /> },
];

/** Every other screen: sign-in, recovery, MFA, onboarding, partner. */
const screens: RouteObject[] = [
  { path: routes.home, element: <Navigate to={href('user.dashboard')} replace /> },
  { path: routes.login, element: <Navigate to={href('login.email')} replace /> },
  { path: routes['login.email'], element: <LoginScreen kind="email" /> },
  { path: routes['login.phone'], element: <LoginScreen kind="phone" /> },
  { path: routes.maintenance, element: <MaintenanceScreen /> },
];

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        element: <RouteGuard />,
        children: [
          ...screens,
          { element: <UserLayout />, children: userScreens },
          // Unknown paths go home (spec part 2); the guard does it, this only matches them.
          { path: '*', element: null },
        ],
      },
    ],
  },
];
