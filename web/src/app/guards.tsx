import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { answerOrThrow, api, queryKeys } from '../lib/api';
import { decide, targetClientOf } from '../lib/guard-rules';
import { Hydrated } from '../lib/hydration';
import { type RouteName, routeNameOf } from '../lib/routes';
import { useCurrentUser } from '../lib/session';
import { useWeakLock } from '../lib/weak-lock';

// docs/product.md part 4, token in address hash: loaded only when an address carries one.
const HashLogin = lazy(() => import('../features/auth/HashLogin'));
// Signing out on the way (leaving the MFA set-up): rare, so loaded when needed.
const LogoutTo = lazy(() => import('./LogoutTo'));
// A step-up's start: only where a page needs a recent check (not the sign-in page's bundle).
const StepUpFirst = lazy(() => import('./StepUpFirst'));

/** Lazy screens show the loading indicator while their code and texts arrive. */
export function Screens() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
      {/* After the screen's effects: a drawn page's screen is now the app's. */}
      <Hydrated />
    </Suspense>
  );
}

/**
 * The one guard in front of every route (docs/product.md part 4): it names the route
 * being entered, asks `decide()` what to do and does it. Screens never check
 * access themselves.
 */
export function RouteGuard() {
  const location = useLocation();
  const to = routeNameOf(location.pathname);
  const { user, isLoading } = useCurrentUser();
  const weakLocked = useWeakLock();
  // The route shown before this one (for the onboarding order and edit-info rules).
  const shown = useRef<RouteName | null>(null);

  // Until the gateway answers who is signed in (the page preloads the answer),
  // the guard waits; the sign-in pages show at once: a visitor there is almost
  // always signed out, and should the gateway answer with a session after all,
  // the guard sends them on as it does for a signed-in visit.
  // The sign-in pages: `login`, `login.email`, `login.phone`.
  const signInPage = to?.startsWith('login') === true;
  const waiting = isLoading && !signInPage;
  const decision = waiting
    ? null
    : decide({
        to,
        from: shown.current,
        path: location.pathname + location.search,
        user,
        targetClientId: targetClientOf(location.search),
        weakLocked,
      });
  const shows = decision?.kind === 'render' || decision?.kind === 'stepUp';

  useEffect(() => {
    if (shows) shown.current = to;
  });

  if (/(^#|&)token=/.test(location.hash)) {
    return (
      <Suspense fallback={<Loading />}>
        <HashLogin />
      </Suspense>
    );
  }
  if (!decision) return <Loading />;
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'logout':
      return (
        <Suspense fallback={<Loading />}>
          <LogoutTo to={decision.to} />
        </Suspense>
      );
    case 'stepUp':
      return (
        <RequireSudo>
          <Screens />
        </RequireSudo>
      );
    case 'render':
      return <Screens />;
  }
}

/**
 * Step-up (docs/product.md part 4; docs/flows.md, "Step-up"): the children show
 * only while a recent MFA check holds (`GET /mfa/status` sudo); otherwise the
 * gateway's step-up starts with this page as its target (checked there) and
 * the browser follows the step it answers: the code screen, with the primary
 * method's code sent. Usable around any piece of UI.
 */
export function RequireSudo({ children }: { children: ReactNode }) {
  const location = useLocation();
  // `api` rather than the `tsr` hook: the guard is on the first page (bundle budget, see lib/tsr).
  const status = useQuery({
    queryKey: queryKeys.mfaStatus,
    queryFn: ({ signal }) => answerOrThrow(api.auth.mfaStatus({ fetchOptions: { signal } })),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
  // Never decide on an earlier answer: a step-up may have just granted sudo.
  if (status.isPending || status.isFetching) return <Loading />;
  if (status.data?.status === 200 && status.data.body.sudo) return children;
  return (
    <Suspense fallback={<Loading />}>
      <StepUpFirst target={location.pathname + location.search} />
    </Suspense>
  );
}
