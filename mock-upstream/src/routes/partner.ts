import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import {
  discover,
  linkAccount,
  requestAccess,
  ssoCallback,
  startSsoLogin,
  unlinkIdentity,
} from '../domain/partner';
import type { Store } from '../store';
import { sessionInfo, withRetryAfter } from './auth';
import { portalSession } from './grants';

export function partnerRoutes(store: Store): RouterImplementation<typeof accountApi.partner> {
  return {
    requestAccess: async ({ request }) => {
      const session = portalSession(store, request);
      if (!session) {
        return { status: 401, body: { code: 'unauthenticated', message: 'Sign in first.' } };
      }
      return requestAccess(store, session.account);
    },
    linkAccount: async ({ body, request, reply }) =>
      withRetryAfter(linkAccount(store, body, sessionInfo(request)), reply),
    unlinkSso: async ({ request }) => {
      const session = portalSession(store, request);
      if (!session) {
        return { status: 401, body: { code: 'unauthenticated', message: 'Sign in first.' } };
      }
      return unlinkIdentity(store, session.account, sessionInfo(request));
    },
    ssoDiscover: async ({ query }) => ({ status: 200, body: discover(store, query.login) }),
    ssoLogin: async ({ params, query }) => startSsoLogin(store, params.provider, query),
    ssoCallback: async ({ params, body, request }) =>
      ssoCallback(store, params.provider, body.code, sessionInfo(request)),
  };
}
