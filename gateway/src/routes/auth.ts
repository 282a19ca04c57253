import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { GatewayError } from '../errors';
import { endSession, type SessionAnswer, startSession, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';

type CookieReply = Parameters<typeof startSession>[1];

/** Keeps the token in the cookie; the browser learns only that it is signed in. */
async function signInWith(request: FastifyRequest, reply: CookieReply, answer: SessionAnswer) {
  const { weak } = await startSession(request, reply, answer);
  return { signed_in: true as const, weak };
}

/** A locked account's 429 tells the browser when to try again. */
function passRetryAfter(headers: Headers, reply: { header(name: string, value: string): unknown }) {
  const retryAfter = headers.get('retry-after');
  if (retryAfter && /^\d{1,6}$/.test(retryAfter)) reply.header('retry-after', retryAfter);
}

export const authRoutes: RouterImplementation<typeof portalApi.auth> = {
  createToken: async ({ body, request, reply }) => {
    const { captcha, ...grant } = body;
    // With the captcha on, the provider vouches for the sign-in before the upstream sees it.
    await request.server.captcha?.(request, captcha);
    const res = await upstreamOf(request).auth.createToken({
      body: grant,
      extraHeaders: upstreamHeaders(request),
    });
    switch (res.status) {
      case 200:
        // A password grant never answers the partner's code-exchange shape.
        if ('scope' in res.body) throw new GatewayError('upstream_contract');
        return { status: 200, body: await signInWith(request, reply, res.body) };
      case 401:
        if (!('mfa' in res.body)) throw new GatewayError('upstream_contract');
        return { status: 401, body: res.body };
      case 429:
        passRetryAfter(res.headers, reply);
        return { status: 429, body: res.body };
      default:
        return { status: res.status, body: res.body };
    }
  },
  deleteToken: async ({ request, reply }) => {
    // Revocation is best-effort: the cookie goes whatever the upstream says.
    await endSession(request, reply);
    return { status: 204, body: undefined };
  },
  mfaStatus: async ({ request }) => {
    const res = await upstreamOf(request).auth.mfaStatus({
      extraHeaders: upstreamHeaders(request),
    });
    return { status: res.status, body: res.body } as typeof res;
  },
  startSudo: async ({ query, request }) => {
    return upstreamOf(request).auth.startSudo({ query, extraHeaders: upstreamHeaders(request) });
  },
  confirmSudo: async ({ body, request, reply }) => {
    const res = await upstreamOf(request).auth.confirmSudo({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    const answer = res.body;
    if (!('access_token' in answer)) {
      return {
        status: 200,
        body: {
          sudo: true,
          ...(answer.recovery_keys_left === undefined
            ? {}
            : { recovery_keys_left: answer.recovery_keys_left }),
        },
      };
    }
    return {
      status: 200,
      body: {
        ...(await signInWith(request, reply, answer)),
        ...(answer.recovery_keys_left === undefined
          ? {}
          : { recovery_keys_left: answer.recovery_keys_left }),
        ...(answer.fuzzion ? { fuzzion: { payload: answer.fuzzion.payload } } : {}),
      },
    };
  },
  loginByHash: async ({ body, request, reply }) => {
    const res = await upstreamOf(request).auth.loginByHash({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    return { status: 200, body: await signInWith(request, reply, res.body) };
  },
};
