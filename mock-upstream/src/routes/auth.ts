import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth-header';
import {
  confirmSudo,
  createHandoverToken,
  loginByHash,
  mfaStatus,
  passwordSignIn,
  startSudo,
} from '../domain/auth';
import { exchangeAuthorizationCode } from '../domain/oauth';
import { revokeToken, type SessionInfo, type Store } from '../store';

/** Device, browser and address of the caller (the gateway forwards them). */
export function sessionInfo(request: FastifyRequest): SessionInfo {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value.length > 0 ? value : null;
  };
  const forwarded = header('x-forwarded-for')?.split(',')[0]?.trim();
  return {
    deviceId: header('x-device-id'),
    userAgent: header('user-agent'),
    ip: forwarded || request.ip,
  };
}

export function authRoutes(store: Store): RouterImplementation<typeof accountApi.auth> {
  return {
    createToken: async ({ body, request, reply }) => {
      if (body.grant_type === 'authorization_code') return exchangeAuthorizationCode(store, body);
      const result = passwordSignIn(store, body, sessionInfo(request));
      if (result.status === 429) {
        reply.header('retry-after', String(result.retryAfterS));
        return { status: 429, body: result.body };
      }
      return result;
    },
    deleteToken: async ({ request }) => {
      const token = bearerToken(request);
      if (!token) return { status: 401, body: { code: 'unauthenticated', message: 'No token' } };
      revokeToken(store, token);
      return { status: 204, body: undefined };
    },
    mfaStatus: async ({ request }) => mfaStatus(store, bearerToken(request)),
    startSudo: async ({ query, request }) => startSudo(store, query, bearerToken(request)),
    confirmSudo: async ({ body, request }) =>
      confirmSudo(store, body, bearerToken(request), sessionInfo(request)),
    createHandoverToken: async ({ request }) => createHandoverToken(store, bearerToken(request)),
    loginByHash: async ({ body, request }) => loginByHash(store, body, sessionInfo(request)),
  };
}
