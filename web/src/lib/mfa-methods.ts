import type { MfaMethod, User } from '@portal/contract';
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

/** The methods a user sees and manages (the recovery keys have their own screen). */
export const visibleMethods = (methods: readonly MfaMethod[]) =>
  methods
    .filter((m) => m.id > 0 && m.method !== 'totpRecovery')
    .sort((a, b) => Number(b.primary) - Number(a.primary));

/** Unused recovery keys (spec part 3: used_at null). */
export const unusedRecoveryKeys = (user: User) =>
  user.totpRecovery.filter((k) => k.used_at === null).length;
