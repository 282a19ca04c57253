import { AuthorizeQuery, isPartnerClient } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GatewayError } from '../errors';
import { browserCookies, sessionRefused, sessionToken, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { isWeakSession } from '../plugins/weak-lockdown';
import { allowedRedirect, ownOrigin, registeredClients } from '../redirects';
import { verifiedTarget } from './grants';

/** The query of the web app's screens: `partner=1` marks the partner-login state (spec part 4). */
function screen(path: string, params: URLSearchParams, partner: boolean): string {
  const query = new URLSearchParams(params);
  if (partner) query.set('partner', '1');
  return `${path}?${query.toString()}`;
}

function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location, 302);
}

/** Spec part 8: the /approve screen shows "…the partner you're coming from uses an invalid configuration." */
function invalidConfiguration(reply: FastifyReply, partner: boolean) {
  const params = new URLSearchParams({ error: 'invalid_configuration' });
  return redirect(reply, screen('/approve', params, partner));
}

/** The one value of a query parameter given once; a repeated one is refused. */
function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The partner entry (docs/flows.md, partner authorise), outside /api: the browser arrives here from a
 * partner app. Not signed in: sign in first, with this request kept as the
 * target. Signed in: the upstream decides between consent (`/approve`) and
 * the registered redirect URI carrying the code. A client or redirect URI that
 * is not registered is never redirected to.
 */
export const authorizePlugin = fp(
  async (app) => {
    app.get('/authorize', { onRequest: browserCookies }, async (request: FastifyRequest, reply) => {
      const raw = request.query as Record<string, unknown>;
      const partner = isPartnerClient(single(raw.client_id) ?? '');
      const parsed = AuthorizeQuery.safeParse(
        Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, single(value)])),
      );
      if (!parsed.success) return invalidConfiguration(reply, partner);
      const query = parsed.data;

      // Checked before sign-in: a broken partner must not cost the user a sign-in.
      const client = (await registeredClients(request)).find(
        (c) => c.client_id === Number(query.client_id),
      );
      if (!client?.redirect_uris.includes(query.redirect_uri)) {
        return invalidConfiguration(reply, partner);
      }

      const params = new URLSearchParams(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const signIn = () => {
        const target = `/authorize?${params.toString()}`;
        return redirect(reply, screen('/login/email', new URLSearchParams({ target }), partner));
      };
      if (!sessionToken(request)) return signIn();
      if (await isWeakSession(request)) {
        // A weak password grants nothing else: replace it first, then come back here.
        const target = `/authorize?${params.toString()}`;
        return redirect(
          reply,
          `/weak-password?${new URLSearchParams({ verified: 'true', target })}`,
        );
      }

      const res = await upstreamOf(request).grants.authorize({
        query,
        extraHeaders: upstreamHeaders(request),
      });
      if (res.status === 401) {
        sessionRefused(request, reply);
        return signIn();
      }
      if (res.status === 400) return invalidConfiguration(reply, partner);
      // 403: the session's token is not a portal session's (never one the gateway set).
      if (res.status !== 200) throw new GatewayError('upstream_contract');
      if (res.body.approvalType === 'scopes') {
        return redirect(reply, screen('/approve', params, partner));
      }
      const answer = await verifiedTarget(request, res.body, query.redirect_uri);
      // Belt and braces: the target has passed the allow-list in verifiedTarget.
      const target = answer.target && allowedRedirect(answer.target, ownOrigin(request), [client]);
      if (!target) throw new GatewayError('upstream_contract');
      return redirect(reply, target);
    });
  },
  { name: 'authorize', dependencies: ['@fastify/cookie', 'origin', 'upstream'] },
);
