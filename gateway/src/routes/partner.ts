import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { portalApi, SsoLinkOffer, SsoProvider } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { refusal } from '../errors';
import {
  languageOf,
  openSession,
  resetRequired,
  resolveSignInTarget,
  secondFactor,
} from '../flows/sign-in';
import { currentFlow, endFlow, saveFlow, startFlow } from '../flows/store';
import { renewSession, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { passwordCaptcha, passwordCheckOutcome, sessionEvent } from '../security-events';
import { passRetryAfter, passThrough } from './pass-through';

/** Binds an identity-provider login to the browser that started it (login CSRF). */
const SSO_STATE_COOKIE = 'sso_state';
const SSO_STATE_TTL_S = 600;

/** The workplace login's journey (docs/flows.md, "Workplace link"): its target lives in a flow. */
const SSO = 'sso';
interface SsoState {
  provider: SsoProvider;
  /** Not linked yet: what the link screens draw, and the account API's handle to link with. */
  offer?: SsoLinkOffer & { payload: string };
}

const NO_OFFER = refusal(
  'flow_gone',
  'No workplace login is waiting to be linked in this browser. Please log in with your workplace account again.',
);
/**
 * Where linking a workplace login goes once signed in (docs/product.md part 4: it shows,
 * then goes on after 3 s to where the workplace login was headed: the target
 * its flow holds, checked when it started).
 */
async function linkSuccess(request: FastifyRequest): Promise<string> {
  const journey = await currentFlow<SsoState>(request, SSO);
  const target = journey?.flow.target;
  return target
    ? `/partner/link-success?${new URLSearchParams({ target })}`
    : '/partner/link-success';
}

/**
 * The state cookie goes with the provider's way back only: the navigation to
 * `/sso/{provider}/login/callback`, which the gateway answers by making the
 * callback call for the browser (`plugins/web.ts`); a page cannot post it.
 */
function stateCookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/sso',
    secure: request.publicOrigin.https,
  };
}

function sameState(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const partnerRoutes: RouterImplementation<typeof portalApi.partner> = {
  requestAccess: passThrough((api, { body }, extraHeaders) =>
    api.partner.requestAccess({ body, extraHeaders }),
  ),
  linkAccount: async ({ body, request, reply }) => {
    const { captcha, ...link } = body;
    const who = { username: link.username };
    // The workplace login to link is the one this browser's flow holds, never a handle sent.
    const offer = (await currentFlow<SsoState>(request, SSO))?.flow.state.offer;
    if (!offer) return NO_OFFER;
    // The link checks a password: guarded and counted as the sign-in is.
    await passwordCaptcha(request, captcha, 'link_account', who);
    const res = await upstreamOf(request).partner.linkAccount({
      body: { ...link, payload: offer.payload },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 429) passRetryAfter(res.headers, reply);
    const wrong = res.status === 400 && res.body.code === 'invalid_grant';
    passwordCheckOutcome(request, res.status, wrong, 'link_account', who);
    // 401: the account's second factor first, as at sign-in: its flow keeps the account
    // API's challenge, the primary method's code is sent, and the browser is told only
    // the page to go on at and what it draws. Nothing is linked yet.
    if (res.status === 401) {
      const { body: handed } = await secondFactor(request, reply, {
        challenge: res.body.mfa,
        login: link.username,
        target: await linkSuccess(request),
      });
      return { status: 200, body: { status: 'second_factor', ...handed } };
    }
    if (res.status !== 200) return res;
    const target = await linkSuccess(request);
    const journey = await currentFlow<SsoState>(request, SSO);
    if (journey) await endFlow(request, reply, journey.id);
    const session = await openSession(request, reply, res.body, target);
    void sessionEvent(request, 'identity.linked', { reason: 'password' }, res.body.access_token);
    const { weak, next } = session;
    return { status: 200, body: { status: 'linked', company: res.body.company, weak, next } };
  },
  ssoOffer: async ({ request }) => {
    const offer = (await currentFlow<SsoState>(request, SSO))?.flow.state.offer;
    if (!offer) return NO_OFFER;
    const { payload: _handle, ...shown } = offer;
    return { status: 200, body: shown };
  },
  unlinkSso: async ({ request, reply }) => {
    const res = await upstreamOf(request).partner.unlinkSso({
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 204) {
      void sessionEvent(request, 'identity.unlinked');
      // What proves the account changed: a new token (docs/threat-model.md, "A session's life").
      await renewSession(request, reply);
    }
    return res;
  },
  ssoDiscover: passThrough((api, { query }, extraHeaders) =>
    api.partner.ssoDiscover({ query, extraHeaders }),
  ),
  ssoLogin: async ({ params, query, request, reply }) => {
    const { target: page, ...hint } = query;
    const state = randomBytes(24).toString('base64url');
    const res = await upstreamOf(request).partner.ssoLogin({
      params,
      query: {
        ...hint,
        state,
        redirect_uri: `${request.publicOrigin.origin}/sso/${params.provider}/login/callback`,
      },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 200) {
      reply.setCookie(SSO_STATE_COOKIE, state, {
        ...stateCookieOptions(request),
        maxAge: SSO_STATE_TTL_S,
      });
      // The login's journey: where it ends (checked once, now) and the visitor's language
      // stay on the gateway across the provider's pages, never in the browser.
      await startFlow<SsoState>(request, reply, {
        journey: SSO,
        language: languageOf(request),
        target: await resolveSignInTarget(request, page),
        state: { provider: params.provider },
      });
    }
    return res;
  },
  ssoCallback: async ({ params, body, request, reply }) => {
    const expected = request.cookies[SSO_STATE_COOKIE];
    reply.clearCookie(SSO_STATE_COOKIE, stateCookieOptions(request));
    if (!sameState(body.state, expected)) {
      return refusal('sso_state');
    }
    const res = await upstreamOf(request).partner.ssoCallback({
      params,
      body: { code: body.code },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 403) return resetRequired(request, res.body);
    if (res.status !== 200) return res;
    const journey = await currentFlow<SsoState>(request, SSO);
    if (res.body.status !== 'linked') {
      // Not linked yet: the offer (and its handle) stay in the login's flow for the link screens.
      const { payload, ...shown } = res.body;
      const offer = { ...shown, provider: params.provider, payload };
      if (journey) {
        await saveFlow(request, journey.id, {
          ...journey.flow,
          state: { ...journey.flow.state, offer },
        });
      } else {
        await startFlow<SsoState>(request, reply, {
          journey: SSO,
          language: languageOf(request),
          target: null,
          state: { provider: params.provider, offer },
        });
      }
      return { status: 200, body: shown };
    }
    if (journey) await endFlow(request, reply, journey.id);
    const session = await openSession(request, reply, res.body, journey?.flow.target ?? null);
    void sessionEvent(request, 'identity.linked', { reason: 'sso' }, res.body.access_token);
    const { weak, next } = session;
    return { status: 200, body: { status: 'linked', company: res.body.company, weak, next } };
  },
};
