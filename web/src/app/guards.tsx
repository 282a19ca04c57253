import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/session';
import { href } from './routes';

export function Loading() {
  return <div className="loading" role="status" aria-live="polite" />;
}

/** Signed-in routes: others go to login.email keeping the target. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) return <Loading />;
  if (!user) {
    const target = location.pathname + location.search;
    return <Navigate to={href('login.email', { target })} replace />;
  }
  return children;
}

/** Public routes: a signed-in user goes home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Loading />;
  if (user) return <Navigate to={href('user.dashboard')} replace />;
  return children;
}
