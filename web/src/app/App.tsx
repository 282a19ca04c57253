import type { User } from '@portal/contract';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, StaticRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { queryKeys } from '../lib/api';
import { setMaintenance, useMaintenance } from '../lib/maintenance';
import { href } from '../lib/routes';
import { keepCopy, useFollowUserLanguage } from '../lib/session';
import { setWeakLock, useWeakLock } from '../lib/weak-lock';
import { appRoutes } from './router';

/**
 * A call answered 503 `maintenance`, or 403 `weak_password` (the session may
 * only replace its weak password). ts-rest's hooks throw non-2xx answers.
 */
const onApiError = (error: unknown) => {
  // The error module loads with the first failure, not with the first page (bundle budget).
  void import('../lib/errors').then(({ errorOf }) => {
    const failure = errorOf(error);
    if (failure.kind === 'maintenance') setMaintenance(true);
    if (failure.code === 'weak_password') setWeakLock(true);
  });
};

/** A 403 `weak_password` will not change by asking again: no retry, straight to the change. */
const isWeakLockdown = (error: unknown) => {
  const answer = error as { status?: unknown; body?: { code?: unknown } } | null;
  return answer?.status === 403 && answer.body?.code === 'weak_password';
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // TanStack Query's default (three retries), except for the weak-password lockdown.
      retry: (failures, error) => failures < 3 && !isWeakLockdown(error),
    },
  },
});

function Routes() {
  const element = useRoutes(appRoutes);
  useFollowUserLanguage();
  const down = useMaintenance();
  const weak = useWeakLock();
  const location = useLocation();
  const navigate = useNavigate();
  // Spec part 8: a 503 `maintenance` from any call shows the maintenance screen.
  useEffect(() => {
    if (down && location.pathname !== href('maintenance')) {
      navigate(href('maintenance'), { replace: true });
    }
  }, [down, location.pathname, navigate]);
  // A 403 `weak_password` from any call: replace the password first, then come back here.
  useEffect(() => {
    if (!weak || location.pathname === href('weak-password')) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    const target = location.pathname + location.search;
    navigate(href('weak-password', { verified: 'true', target }), { replace: true });
  }, [weak, location.pathname, location.search, navigate]);
  return element;
}

/**
 * A visitor without a session cookie (the server knows, the page cannot read
 * the httpOnly cookie): nobody is signed in, as the gateway would answer, so
 * the server's render and the browser's first one agree without asking.
 */
export function startSignedOut(): void {
  keepCopy(null);
  queryClient.setQueryData(queryKeys.user, {
    status: 401,
    body: { code: 'unauthorized' },
    headers: new Headers(),
  });
}

/**
 * A signed-in visit the gateway drew (`GET /api/user`'s answer in the page):
 * the app starts with that user, as the server drew the page, without asking
 * again. The gateway read it for this very request, through the same route.
 */
export function startSignedIn(user: User): void {
  keepCopy(user);
  queryClient.setQueryData(queryKeys.user, {
    status: 200,
    body: { data: user },
    headers: new Headers(),
  });
}

/** The app; `location` for the server's render of that address. */
export function App({ location }: { location?: string }) {
  const routes = <Routes />;
  return (
    <QueryClientProvider client={queryClient}>
      {location === undefined ? (
        <BrowserRouter>{routes}</BrowserRouter>
      ) : (
        <StaticRouter location={location}>{routes}</StaticRouter>
      )}
    </QueryClientProvider>
  );
}
