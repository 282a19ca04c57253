import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth-header';
import { passwordSignIn, renewSession } from '../domain/auth';
import { createHandoverToken, loginByHash, peekHashToken } from '../domain/handover';
import { exchangeAuthorizationCode } from '../domain/oauth';
import { confirmSudo, mfaStatus, startSudo } from '../domain/second-factor';
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

/** A 429's seconds go in Retry-After; the rest of the answer as it is. */
export function withRetryAfter<R extends { status: number; body: unknown }>(
  result: R,
  reply: { header(name: string, value: string): unknown },
): R {
  if ('retryAfterS' in result) reply.header('retry-after', String(result.retryAfterS));
  return result;
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
    startSudo: async ({ query, request, reply }) =>
      withRetryAfter(startSudo(store, query, bearerToken(request)), reply),
    confirmSudo: async ({ body, request, reply }) =>
      withRetryAfter(confirmSudo(store, body, bearerToken(request), sessionInfo(request)), reply),
    createHandoverToken: async ({ request }) => createHandoverToken(store, bearerToken(request)),
    renewToken: async ({ request }) => renewSession(store, bearerToken(request)),
    loginByHash: async ({ body, request }) => loginByHash(store, body, sessionInfo(request)),
    peekHashToken: async ({ body, request }) =>
      peekHashToken(store, body.token, bearerToken(request)),
  };
}
