import type { portalApi, RelyingParty } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { withAuthenticator } from '../authenticators';
import { openSession, resetRequired, resolveSignInTarget } from '../flows/sign-in';
import { renewSession, sessionRefused, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { passThrough, requireSession } from './pass-through';

/**
 * The relying party of a passkey ceremony: the public origin this request came
 * to (PUBLIC_ORIGIN_BE/LU, never the raw Host), and as its id `WEBAUTHN_RP_ID`
 * or else that origin's registrable domain, the session cookie's rule:
 * `account.example.be` → `example.be`, so that a passkey also serves the
 * provider's sibling sites; `be.localhost` stays itself. With related origins
 * configured, the account API is told them: an origin outside the id's domain
 * is the relying party's only when it is listed (WebAuthn Related Origin Requests).
 */
export function relyingPartyOf(request: FastifyRequest): RelyingParty {
  const { origin, rpId } = request.publicOrigin;
  const related = request.server.relatedOrigins;
  return { id: rpId, origin, ...(related.length ? { related_origins: related } : {}) };
}

type Passkeys = typeof portalApi.passkeys;
/** The passkey calls made before a session exists: a sign-in's ceremony (or a step-up's). */
type Ceremony = 'startAuthentication' | 'finishAuthentication';

/**
 * Passkeys. Every ceremony call carries the relying party to the upstream,
 * which verifies against it. A passkey sign-in ends like a password + MFA
 * one: the token goes into the session cookie, the browser learns only
 * `signed_in` and the page the gateway decided comes next.
 */
export const passkeyCeremonyRoutes: RouterImplementation<Pick<Passkeys, Ceremony>> = {
  startAuthentication: async ({ body, request }) => {
    // A step-up proves the signed-in person again: it needs the session a sign-in has not.
    if (body.purpose === 'sudo') await requireSession(request);
    return upstreamOf(request).passkeys.startAuthentication({
      body: { ...body, relying_party: relyingPartyOf(request) },
      extraHeaders: upstreamHeaders(request),
    });
  },
  finishAuthentication: async ({ body, request, reply }) => {
    const { target: page, ...assertion } = body;
    const res = await upstreamOf(request).passkeys.finishAuthentication({
      body: { ...assertion, relying_party: relyingPartyOf(request) },
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 403) return resetRequired(request, res.body);
    if (res.status !== 200) return res;
    if (!('access_token' in res.body)) {
      // A step-up: the session's new privilege goes with a new token.
      await renewSession(request, reply);
      return { status: 200, body: { sudo: true as const } };
    }
    // A passkey is two factors: the sign-in goes on as after a correct code (docs/product.md part 4).
    const target = await resolveSignInTarget(request, page);
    return { status: 200, body: await openSession(request, reply, res.body, target) };
  },
};

/** A signed-in account's passkeys (routes of the signed-in tree, `scopes/api.ts`). */
export const passkeysRoutes: RouterImplementation<Omit<Passkeys, Ceremony>> = {
  listPasskeys: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).passkeys.listPasskeys({ extraHeaders: headers });
    if (res.status === 401) sessionRefused(request, reply);
    if (res.status !== 200) return res;
    // Each with its authenticator's name, and the relying party the browser's Signal API names.
    const { passkeys, user } = res.body;
    return {
      status: 200,
      body: { passkeys: passkeys.map(withAuthenticator), user, rp_id: relyingPartyOf(request).id },
    };
  },
  startRegistration: async ({ request }) =>
    upstreamOf(request).passkeys.startRegistration({
      body: { relying_party: relyingPartyOf(request) },
      extraHeaders: upstreamHeaders(request),
    }),
  finishRegistration: async ({ body, request, reply }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).passkeys.finishRegistration({
      body: { ...body, relying_party: relyingPartyOf(request) },
      extraHeaders: headers,
    });
    if (res.status !== 201) return res;
    // A passkey added: the session moves to a new token (docs/threat-model.md, "A session's life").
    await renewSession(request, reply);
    return { status: 201, body: withAuthenticator(res.body) };
  },
  renamePasskey: async ({ params, body, request }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).passkeys.renamePasskey({
      params,
      body,
      extraHeaders: headers,
    });
    return res.status === 200 ? { status: 200, body: withAuthenticator(res.body) } : res;
  },
  deletePasskey: passThrough(
    (api, { params }, extraHeaders) => api.passkeys.deletePasskey({ params, extraHeaders }),
    { renews: true },
  ),
  getPasskeyOffer: passThrough((api, _args, extraHeaders) =>
    api.passkeys.getPasskeyOffer({ extraHeaders }),
  ),
  declinePasskeyOffer: passThrough((api, _args, extraHeaders) =>
    api.passkeys.declinePasskeyOffer({ extraHeaders }),
  ),
};
