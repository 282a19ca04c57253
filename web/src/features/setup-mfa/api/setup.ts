import type { SetupStarted } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * The e-mail or SMS method waiting for its code, between the contact step and
 * the confirmation: kept in the set-up's flow on the gateway (a reload of the
 * confirmation still has it), never in the browser's storage; null when there
 * is none (`GET /api/mfa/setup/pending` 410).
 */
export const pendingSetupQuery = queryOptions({
  queryKey: ['mfa', 'setup', 'pending'] as const,
  queryFn: async ({ signal }): Promise<SetupStarted | null> => {
    const res = await api.mfa.pendingSetup({ fetchOptions: { signal } });
    return res.status === 200 ? res.body : null;
  },
  staleTime: 0,
  retry: false,
});
