import type { AuthorizeAnswer, portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { GatewayError, refusal } from '../errors';
import { consentView, pendingConsent } from '../flows/consent';
import { upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { checkRedirect, registeredClients, resolveRequestTarget } from '../redirects';
import { passThrough } from './pass-through';

/**
 * A target the upstream answered is followed by the browser: it must be one
 * the allow-list knows and for the redirect URI that was asked for.
 */
export async function verifiedTarget(
  request: FastifyRequest,
  answer: AuthorizeAnswer,
  redirectUri: string,
): Promise<AuthorizeAnswer> {
  if (answer.target === null) return answer;
  const target = await checkRedirect(request, answer.target);
  const asked = URL.parse(redirectUri);
  const given = target ? URL.parse(target) : null;
  if (!given || given.origin !== asked?.origin || given.pathname !== asked.pathname) {
    request.log.error({ client_id: answer.client.client_id }, 'upstream authorize target refused');
    throw new GatewayError('upstream_contract');
  }
  return { ...answer, target };
}

export const grantsRoutes: RouterImplementation<typeof portalApi.grants> = {
  listGrants: passThrough((api, _args, extraHeaders) => api.grants.listGrants({ extraHeaders })),
  revokeGrant: passThrough((api, { params }, extraHeaders) =>
    api.grants.revokeGrant({ params, extraHeaders }),
  ),
  authorize: async ({ query, request }) => {
    const res = await upstreamOf(request).grants.authorize({
      query,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    return { status: 200, body: await verifiedTarget(request, res.body, query.redirect_uri) };
  },
  approve: async ({ body, request }) => {
    const res = await upstreamOf(request).grants.approve({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    return { status: 200, body: await verifiedTarget(request, res.body, body.redirect_uri) };
  },
  clientName: async ({ params, request }) => {
    const client = (await registeredClients(request)).find(
      (c) => c.client_id === Number(params.client_id),
    );
    if (!client) return refusal('not_found', 'No such app.');
    return { status: 200, body: { client_id: client.client_id, name: client.name } };
  },
  readConsent: async ({ request }) => {
    const pending = await pendingConsent(request);
    if (pending) return { status: 200, body: consentView(pending.state) };
    return refusal(
      'flow_gone',
      'No consent is under way here: it was answered, or it expired. Start again from the app.',
    );
  },
  redirectCheck: async ({ query, request }) => {
    const resolved = await resolveRequestTarget(request, query.uri);
    if (!resolved.ok) return { status: 200, body: { allowed: false, target: null, path: null } };
    const url = new URL(resolved.url);
    const path = resolved.internal ? url.pathname + url.search + url.hash : null;
    return { status: 200, body: { allowed: true, target: resolved.url, path } };
  },
};
