import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import { confirmReview, lockAccount, lockByLink, peekLockLink } from '../domain/lockdown';
import { currentSession, needsSudo, SUDO_REQUIRED, UNAUTHENTICATED } from '../domain/sessions';
import type { Store } from '../store';
import { sessionInfo } from './auth';

/** "Lock my account" (`domain/lockdown.ts`): signed in with a recent second factor, or by link. */
export function lockdownRoutes(store: Store): RouterImplementation<typeof accountApi.lockdown> {
  return {
    lockAccount: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      if (needsSudo(store, current)) return SUDO_REQUIRED;
      return { status: 200, body: lockAccount(store, current.account, current.row, 'session') };
    },
    checkLockdownLink: async ({ body }) => peekLockLink(store, body.token),
    lockAccountByLink: async ({ body, request }) =>
      lockByLink(store, body.token, sessionInfo(request)),
    confirmSecurityReview: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      confirmReview(store, current.account.id, current.row);
      return { status: 204, body: undefined };
    },
  };
}
