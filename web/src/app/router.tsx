import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { Layout } from '../components/Layout';
import { Loading, PublicOnly, RequireUser } from './guards';
import { href, routes } from './routes';

const LoginScreen = lazy(() => import('../features/auth/LoginScreen'));
const DashboardScreen = lazy(() => import('../features/dashboard/DashboardScreen'));

function Screens() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        element: <Screens />,
        children: [
          { path: routes.home, element: <Navigate to={href('user.dashboard')} replace /> },
          { path: '/login', element: <Navigate to={href('login.email')} replace /> },
          {
            path: routes['login.email'],
            element: (
              <PublicOnly>
                <LoginScreen kind="email" />
              </PublicOnly>
            ),
          },
          {
            path: routes['login.phone'],
            element: (
              <PublicOnly>
                <LoginScreen kind="phone" />
              </PublicOnly>
            ),
          },
          {
            path: routes['user.dashboard'],
            element: (
              <RequireUser>
                <DashboardScreen />
              </RequireUser>
            ),
          },
          { path: '*', element: <Navigate to={routes.home} replace /> },
        ],
      },
    ],
  },
]);
