import { isPartnerClient, type portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { refusal } from '../errors';
import { openSession, resolveSignInTarget } from '../flows/sign-in';
import { endSession, revokeUpstreamToken, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { accountOf, securityEvent } from '../security-events';
import { passThrough } from './pass-through';

/**
 * The portal's token calls: sign-out and the address-hash hand-over. A
 * sign-in is the sign-in flow's (`routes/sign-in.ts`), a step-up the
 * step-up flow's (`routes/step-up.ts`).
 */
export const authRoutes: RouterImplementation<typeof portalApi.auth> = {
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
