import type { RedirectCheck } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerOrThrow, api } from './api';
import { href, routeNameOf } from './routes';

/**
 * Every target the app is handed (`target`, `redirect`, the link-success and
 * SSO destinations) is decided by the gateway, never here: `GET
 * /api/redirect-check` resolves it on the server against the variant's origin
 * and its registered clients and answers the absolute URL the browser may go
 * to, and its path when it is on the portal's own origin
 * (gateway/src/redirects.ts, `resolveTarget`). The app goes to that answer,
 * never to the string it was handed (docs/security.md, V10.4.1).
 */
export interface CheckedTarget {
  /** The absolute URL the gateway checked. */
  url: string;
  /** The same, as a path of the portal; null when it is another origin. */
  path: string | null;
}

const checkedOf = (answer: RedirectCheck): CheckedTarget | null =>
  answer.allowed && answer.target ? { url: answer.target, path: answer.path } : null;

export const checkedTargetQuery = (raw: string) =>
  queryOptions({
    queryKey: ['checked-target', raw] as const,
    queryFn: ({ signal }) =>
      answerOrThrow(api.grants.redirectCheck({ query: { uri: raw }, fetchOptions: { signal } })),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The gateway's checked target for `raw`; null when refused, not given or not answered. */
export async function checkTarget(raw: string | null | undefined): Promise<CheckedTarget | null> {
  if (!raw) return null;
  try {
    const res = await api.grants.redirectCheck({ query: { uri: raw.slice(0, 2000) } });
    return res.status === 200 ? checkedOf(res.body) : null;
  } catch {
    return null;
  }
}

/** What `raw` became at the gateway: `target` null when refused or not given; `pending` while it is asked. */
export function useCheckedTarget(raw: string | null): {
  pending: boolean;
  target: CheckedTarget | null;
} {
  const check = useQuery({ ...checkedTargetQuery(raw ?? ''), enabled: Boolean(raw) });
  if (!raw) return { pending: false, target: null };
  const answer = check.data?.body;
  return { pending: check.isPending, target: answer ? checkedOf(answer) : null };
}

/**
 * A display guard, no decision: the checked target as the path of a screen of
 * this app (for the router), or null when it is anything else (the gateway's
 * `/authorize`, a first-party platform: the browser goes to its URL).
 */
export function screenPath(checked: CheckedTarget | null): string | null {
  const path = checked?.path;
  return path && routeNameOf(path.split(/[?#]/)[0] ?? path) ? path : null;
}

/** The dashboard, where a refused or missing target leads instead. */
export const dashboardTarget = (): CheckedTarget => ({
  url: href('user.dashboard'),
  path: href('user.dashboard'),
});

/**
 * Leaves for a checked target: a screen of this app by the router, anything
 * else the gateway allowed by the browser, to the URL it answered.
 */
export function leaveTo(
  checked: CheckedTarget,
  navigate: (to: string, options: { replace: boolean }) => void,
): void {
  const path = screenPath(checked);
  if (path) navigate(path, { replace: true });
  else window.location.replace(checked.url);
}

/**
 * Leaves for `raw` as the gateway checked it (a screen by the router, the
 * gateway's `/authorize` or a first-party platform by the browser), else for
 * the dashboard: the browser never goes to the string it was handed.
 */
export async function goToTarget(
  raw: string | null,
  navigate: (to: string, options: { replace: boolean }) => void,
): Promise<void> {
  leaveTo((await checkTarget(raw)) ?? dashboardTarget(), navigate);
}
