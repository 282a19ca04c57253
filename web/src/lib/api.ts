import { deviceId } from './device';
import type { client } from './portal-client';

export const clientArgs = {
  baseUrl: '',
  baseHeaders: { 'x-device-id': () => deviceId() },
  credentials: 'same-origin' as const,
};

type PortalClient = typeof client;
let loading: Promise<PortalClient> | undefined;
const loadClient = () => {
  loading ??= import('./portal-client').then((module) => module.client);
  return loading;
};

/** `api.a.b(args)`: the client's `a.b(args)` once it is loaded. */
function loadsOnCall(path: readonly string[]): unknown {
  return new Proxy(() => undefined, {
    // Not a promise (`then`), nor anything but a route's name.
    get: (_target, key) =>
      typeof key === 'string' && key !== 'then' ? loadsOnCall([...path, key]) : undefined,
    apply: async (_target, _this, args: unknown[]) => {
      let call: unknown = await loadClient();
      for (const key of path) call = (call as Record<string, unknown>)[key];
      return (call as (...a: unknown[]) => unknown)(...args);
    },
  });
}

/**
 * The portal calls as plain async functions answering `{status, body}` (every
 * status, errors included): what each feature's `api/` builds its query
 * options and mutation hooks on (through `answerOrThrow` and `sentOrThrow`
 * below, docs/architecture.md "a call a screen makes"), and the first page's
 * own calls. The ts-rest client behind them (./portal-client) loads with the
 * first call: a drawn page is usable before it, and needs none of it to paint.
 */
export const api = loadsOnCall([]) as PortalClient;

/**
 * A call's answer as ts-rest's query hooks (`./tsr`) keep it: `{status, body,
 * headers}` when 2xx, thrown otherwise. The first page's own queries use
 * `api` through this, so that they and the screens' hooks share their cache.
 */
export async function answerOrThrow<T extends { status: number }>(
  answer: T | Promise<T>,
): Promise<Extract<T, { status: 200 | 201 | 204 }>> {
  const res = await answer;
  if (res.status < 200 || res.status >= 300) throw res;
  return res as Extract<T, { status: 200 | 201 | 204 }>;
}

/**
 * How a change is sent: at once, or through the step-up in place
 * (`useStepUpInPlace().run` of `components/StepUp`), which sends it again
 * after a fresh MFA check and answers null when the user closed that check.
 */
export type Sender = <A extends { status: number; body: unknown }>(
  send: () => Promise<A>,
) => Promise<A | null>;

/** Sends a change at once (no step-up). */
export const sendAtOnce: Sender = (send) => send();

/**
 * The `mutationFn` of a change that may need a step-up: its 2xx answer, or
 * null when the user closed the check; any other answer is thrown, so that
 * it is the mutation's `error` (read with `errorOf` of `./errors`).
 */
export async function sentOrThrow<A extends { status: number; body: unknown }>(
  run: Sender,
  send: () => Promise<A>,
): Promise<Extract<A, { status: 200 | 201 | 204 }> | null> {
  const res = await run(send);
  return res === null ? null : answerOrThrow(res);
}

/**
 * The answer of a call that ends something (a deletion, a merge left): done
 * (2xx), or gone already (404), which is as good; any other is thrown.
 */
export async function goneOrThrow<T extends { status: number }>(
  answer: T | Promise<T>,
): Promise<T> {
  const res = await answer;
  if (res.status === 404) return res;
  return answerOrThrow(res);
}

/**
 * Forgets what a mutation's last attempt failed with (the user changed what
 * it sends, or starts again), never a change that is still under way.
 */
export function clearFailure(mutation: { isError: boolean; reset: () => void }) {
  if (mutation.isError) mutation.reset();
}

/**
 * The query keys several features read or invalidate (the user, the second
 * factors). A query only one feature uses keeps its key beside its
 * `queryOptions` in that feature's `api/` (or `lib/` module): one definition
 * per call, whichever file holds it.
 */
export const queryKeys = {
  config: ['config'] as const,
  user: ['user'] as const,
  /** `GET /mfa/status` (sudo): never reused, a step-up must see the latest answer. */
  mfaStatus: ['mfa', 'status'] as const,
  /** `GET /mfa/methods`: the one list every screen that shows or changes a method reads. */
  mfaMethods: ['mfa', 'methods'] as const,
  ssoDiscover: (email: string) => ['sso-discover', email] as const,
  /** `GET /user/deletion`: the your-data screens', and the drawn deletion-pending page's data. */
  deletion: ['user', 'deletion'] as const,
};
