import { queryKeys } from './api';
import { tsr } from './tsr';

/**
 * The user's MFA methods (`GET /mfa/methods`), read by the step-up, the
 * security and profile screens and the MFA setup: one query under one key,
 * so that a change anywhere refreshes them all.
 */
export const useMfaMethods = (options: { enabled?: boolean; staleTime?: number } = {}) =>
  tsr.mfa.listMethods.useQuery({
    queryKey: queryKeys.mfaMethods,
    queryData: { query: {} },
    ...options,
  });
