import { isPartnerClient, type portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { GatewayError, refusal } from '../errors';
import { openSession, resolveSignInTarget } from '../flows/sign-in';
import {
  endSession,
  renewDeviceKey,
  renewSession,
  revokeUpstreamToken,
  type SessionAnswer,
  sessionToken,
  startSession,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import {
  accountOf,
  secondFactorOutcome,
  securityEvent,
  sessionEvent,
  signInOutcome,
} from '../security-events';
import { passRetryAfter, passThrough } from './pass-through';

type CookieReply = Parameters<typeof startSession>[1];

/** Keeps the token in the cookie; the browser learns only that it is signed in. */
async function signInWith(request: FastifyRequest, reply: CookieReply, answer: SessionAnswer) {
  const { weak } = await startSession(request, reply, answer);
  return { signed_in: true as const, weak };
}

export const authRoutes: RouterImplementation<typeof portalApi.auth> = {
  createToken: async ({ body, request, reply }) => {
    const { captcha, ...grant } = body;
    // With the captcha on, the provider vouches for the sign-in before the upstream sees it.
    try {
      await request.server.captcha?.(request, captcha);
    } catch (err) {
      if (err instanceof GatewayError && err.kind === 'captcha') {
        signInOutcome(request, 'captcha_refused', grant.username);
      }
      throw err;
    }
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
        signInOutcome(request, 'second_factor_asked', grant.username);
        return { status: 401, body: res.body };
      case 429:
        passRetryAfter(res.headers, reply);
        signInOutcome(request, 'locked', grant.username);
        return { status: 429, body: res.body };
      default:
        signInOutcome(request, 'refused', grant.username);
        return { status: res.status, body: res.body };
    }
  },
  deleteToken: async ({ request, reply }) => {
    // Revocation is best-effort: the cookie goes whatever the upstream says.
    const account = await accountOf(request);
    await endSession(request, reply);
    if (account !== undefined) {
      securityEvent(request, 'session.revoked', { account }, { reason: 'sign_out', scope: 'one' });
    }
    return { status: 204, body: undefined };
  },
  mfaStatus: passThrough((api, _args, extraHeaders) => api.auth.mfaStatus({ extraHeaders })),
  startSudo: async ({ query, request, reply }) => {
    const res = await upstreamOf(request).auth.startSudo({
      query,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 429) passRetryAfter(res.headers, reply);
    return res;
  },
  confirmSudo: async ({ body, request, reply }) => {
    // A sign-in's second factor (no session yet), or a device about to be
    // trusted: the account API sees a device key nobody else has held
    // (docs/decisions/0009-session-and-device-keys.md).
    if (body.isTrustedDevice || !sessionToken(request)) renewDeviceKey(request, reply);
    const res = await upstreamOf(request).auth.confirmSudo({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    // A paused second factor says when it may be tried again.
    if (res.status === 429) passRetryAfter(res.headers, reply);
    if (res.status !== 200) {
      // 410 `payload_spent`: too many wrong codes on this challenge; 429
      // `mfa_paused`: too many on the account, paused for a while.
      const spent =
        (res.status === 410 && res.body.code === 'payload_spent') ||
        (res.status === 429 && res.body.code === 'mfa_paused');
      secondFactorOutcome(request, spent ? 'paused' : 'failed');
      return res;
    }
    secondFactorOutcome(request, 'passed');
    const answer = res.body;
    if (!('access_token' in answer)) {
      // A step-up: the session's new privilege goes with a new token.
      await renewSession(request, reply);
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
    const signedIn = await signInWith(request, reply, answer);
    if (body.isTrustedDevice) void sessionEvent(request, 'device.trusted', {}, answer.access_token);
    return {
      status: 200,
      body: {
        ...signedIn,
        ...(answer.recovery_keys_left === undefined
          ? {}
          : { recovery_keys_left: answer.recovery_keys_left }),
        ...(answer.fuzzion ? { fuzzion: { payload: answer.fuzzion.payload } } : {}),
      },
    };
  },
  loginByHash: async ({ body, request, reply }) => {
    const { confirmed, target: page, ...hash } = body;
    // A link never signs a browser in, or switches it to another account,
    // without a question (login CSRF, docs/threat-model.md): the token is read,
    // not spent, and its account named; the session changes only once the
    // visitor confirmed. A link to the account signed in now changes nobody.
    if (!confirmed) {
      const owner = await upstreamOf(request).auth.peekHashToken({
        body: { token: hash.token },
        extraHeaders: upstreamHeaders(request),
      });
      if (owner.status !== 200) return owner;
      const { current, incoming, same_account } = owner.body;
      if (!same_account) {
        const { status, body } = refusal(
          'confirm_account',
          current ? 'This link signs in to another account than the one signed in now.' : undefined,
        );
        return { status, body: { ...body, current, incoming } };
      }
    }
    const res = await upstreamOf(request).auth.loginByHash({
      body: hash,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    // Only the portal's and first-party apps' tokens hand a user over, as the
    // account API says who minted this one: a partner's token never becomes a session.
    const minter = res.body.client_id;
    if (minter !== null && isPartnerClient(minter)) {
      await revokeUpstreamToken(request, res.body.access_token);
      request.log.warn({ client_id: minter }, 'hand-over token of a partner client refused');
      return refusal('invalid_token');
    }
    const target = await resolveSignInTarget(request, page);
    return { status: 200, body: await openSession(request, reply, res.body, target) };
  },
};
