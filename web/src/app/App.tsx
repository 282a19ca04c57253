import type { User } from '@portal/contract';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, StaticRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { startForcedMfaPage } from '../features/forced-mfa/flow';
import { queryKeys } from '../lib/api';
import { consentFlowQuery } from '../lib/consent-flow';
import { lockdownQuery } from '../lib/lockdown';
import { useMaintenance } from '../lib/maintenance';
import { startOnboardingPage } from '../lib/onboarding-flow';
import { recoveryFlowQuery, usernamesQuery } from '../lib/recovery-flow';
import { href } from '../lib/routes';
import { keepCopy, useFollowUserLanguage } from '../lib/session';
import { drawnFormKey, mergeFlowKey, signInFlowQuery } from '../lib/sign-in-flow';
import { useWeakLock } from '../lib/weak-lock';
import type { DrawExtras } from '../page-data';
import { appRoutes } from './router';

/** Any call's failure: what it does app-wide (`lib/failures.ts`). ts-rest's hooks throw non-2xx answers. */
const onApiError = (error: unknown) => {
  // Loaded with the first failure, not with the first page (bundle budget).
  void import('../lib/failures').then(({ afterFailure }) => afterFailure(error));
};

/** A 403 lockdown will not change by asking again: no retry, straight to what lifts it. */
const isLockdown = (error: unknown) => {
  const answer = error as { status?: unknown; body?: { code?: unknown } } | null;
  const code = answer?.body?.code;
  return answer?.status === 403 && (code === 'weak_password' || code === 'mfa_setup_required');
};

/**
 * A query client with the app's rules. The browser has one for its page's
 * life (`queryClient`); the server draws each page with its own, so that no
 * render shares a cache with another.
 */
export const newQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({ onError: onApiError }),
    mutationCache: new MutationCache({ onError: onApiError }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // TanStack Query's default (three retries), except for a lockdown.
        retry: (failures, error) => failures < 3 && !isLockdown(error),
      },
    },
  });

/** The browser's query client. */
export const queryClient = newQueryClient();

function Routes() {
  const element = useRoutes(appRoutes);
  useFollowUserLanguage();
  const down = useMaintenance();
  const weak = useWeakLock();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  // docs/product.md part 8: a 503 `maintenance` from any call shows the maintenance screen.
  useEffect(() => {
    if (down && location.pathname !== href('maintenance')) {
      navigate(href('maintenance'), { replace: true });
    }
  }, [down, location.pathname, navigate]);
  // A 403 `weak_password` from any call: replace the password first, then come back here.
  useEffect(() => {
    if (!weak || location.pathname === href('weak-password')) return;
    void client.invalidateQueries({ queryKey: queryKeys.user });
    const target = location.pathname + location.search;
    navigate(href('weak-password', { verified: 'true', target }), { replace: true });
  }, [weak, location.pathname, location.search, navigate, client]);
  return element;
}

/**
 * A visitor without a session cookie (the server knows, the page cannot read
 * the httpOnly cookie): nobody is signed in, as the gateway would answer, so
 * the server's render and the browser's first one agree without asking.
 */
/**
 * A drawn journey step's state (its data block): what the step page draws
 * (a sign-in step's flow, the consent's), and the refusal of a form sent
 * without script.
 */
export function startSignInStep(
  {
    signIn,
    recovery,
    usernames,
    form,
    onboarding,
    consent,
    lockdown,
    merge,
    deletion,
    forcedMfa,
  }: DrawExtras,
  client: QueryClient = queryClient,
): void {
  if (signIn !== undefined) client.setQueryData(signInFlowQuery.queryKey, signIn);
  if (recovery !== undefined) client.setQueryData(recoveryFlowQuery.queryKey, recovery);
  if (usernames !== undefined) client.setQueryData(usernamesQuery.queryKey, usernames);
  if (lockdown !== undefined) client.setQueryData(lockdownQuery.queryKey, lockdown);
  if (form) client.setQueryData(drawnFormKey, form);
  if (onboarding) startOnboardingPage(onboarding, client);
  if (consent !== undefined) client.setQueryData(consentFlowQuery.queryKey, consent);
  if (merge !== undefined) client.setQueryData(mergeFlowKey, merge);
  if (deletion) client.setQueryData(queryKeys.deletion, deletion);
  if (forcedMfa) startForcedMfaPage(forcedMfa, client);
}

export function startSignedOut(client: QueryClient = queryClient): void {
  keepCopy(null);
  client.setQueryData(queryKeys.user, {
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
export function startSignedIn(user: User, client: QueryClient = queryClient): void {
  keepCopy(user);
  client.setQueryData(queryKeys.user, {
    status: 200,
    body: { data: user },
    headers: new Headers(),
  });
}

/**
 * The app; `location` for the server's render of that address, `client` the
 * render's own query client (the browser's otherwise).
 */
export function App({
  location,
  client = queryClient,
}: {
  location?: string;
  client?: QueryClient;
}) {
  const routes = <Routes />;
  return (
    <QueryClientProvider client={client}>
      {location === undefined ? (
        <BrowserRouter>{routes}</BrowserRouter>
      ) : (
        <StaticRouter location={location}>{routes}</StaticRouter>
      )}
    </QueryClientProvider>
  );
}
