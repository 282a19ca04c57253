import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import {
  discover,
  linkAccount,
  lockedUntil,
  requestAccess,
  ssoCallback,
  startSsoLogin,
  unlinkIdentity,
} from '../domain/partner';
import type { SessionInfo, Store } from '../store';
import { portalSession } from './grants';

/** Device, browser and place of the sign-in, from what the gateway forwards. */
function sessionOf(request: FastifyRequest): SessionInfo {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value ? value : null;
  };
  return {
    deviceId: header('x-device-id'),
    userAgent: header('user-agent'),
    ip: header('x-forwarded-for')?.split(',')[0]?.trim() ?? request.ip,
  };
}

export function partnerRoutes(store: Store): RouterImplementation<typeof accountApi.partner> {
  return {
    requestAccess: async ({ request }) => {
      const session = portalSession(store, request);
      if (!session) {
        return { status: 401, body: { code: 'unauthenticated', message: 'Sign in first.' } };
      }
      return requestAccess(store, session.account);
    },
    linkAccount: async ({ body, request, reply }) => {
      const result = linkAccount(store, body, sessionOf(request));
      if (result.status === 429) {
        const until = lockedUntil(store, body.username) ?? store.clock.now();
        reply.header(
          'retry-after',
          String(Math.max(1, Math.ceil((until - store.clock.now()) / 1000))),
        );
      }
      return result;
    },
    unlinkSso: async ({ request }) => {
      const session = portalSession(store, request);
      if (!session) {
        return { status: 401, body: { code: 'unauthenticated', message: 'Sign in first.' } };
      }
      return unlinkIdentity(store, session.account, sessionOf(request));
    },
    ssoDiscover: async ({ query }) => ({ status: 200, body: discover(store, query.login) }),
    ssoLogin: async ({ params, query }) => startSsoLogin(store, params.provider, query),
    ssoCallback: async ({ params, body, request }) =>
      ssoCallback(store, params.provider, body.code, sessionOf(request)),
  };
}
