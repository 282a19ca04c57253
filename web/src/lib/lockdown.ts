import type { ErrorBody, LockdownView } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/*
 * The lock link of a "this wasn't me" e-mail, as the browser sees it
 * (docs/flows.md, "Lock my account"): the gateway keeps the link's secret in
 * a flow; the page reads whose account it locks, or why it locks nothing,
 * from the drawn page's data or `GET /api/lock-account`.
 */

/** What the lock page draws: the account, or the refusal (400 `invalid_link`, 410 `link_used`…). */
export type LockdownRead = { view: LockdownView } | { refusal: ErrorBody };

/** The page that asks, and whose form the gateway takes without script. */
export const LOCK_PAGE = '/lock-account';

export const lockdownQuery = queryOptions({
  queryKey: ['lockdown-link'] as const,
  queryFn: async (): Promise<LockdownRead> => {
    const res = await api.lockdown.readLockdownLink();
    return res.status === 200 ? { view: res.body } : { refusal: res.body as ErrorBody };
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
