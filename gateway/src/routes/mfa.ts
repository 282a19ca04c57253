import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { clearSessionCookie, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';

/**
 * MFA management: the upstream's answers pass through as they are (403
 * `sudo_required`, 409, 422 `{message}` included); none carries a token.
 */
export const mfaRoutes: RouterImplementation<typeof portalApi.mfa> = {
  listMethods: async ({ query, request, reply }) => {
    const res = await upstreamOf(request).mfa.listMethods({
      query,
      extraHeaders: upstreamHeaders(request),
    });
    // Spec part 7: a 401 on the method list logs the user out.
    if (res.status === 401) clearSessionCookie(request, reply);
    return { status: res.status, body: res.body } as typeof res;
  },
  setupMethod: async ({ body, request }) => {
    const res = await upstreamOf(request).mfa.setupMethod({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    return { status: res.status, body: res.body } as typeof res;
  },
  startActivation: async ({ params, query, request }) => {
    const res = await upstreamOf(request).mfa.startActivation({
      params,
      query,
      extraHeaders: upstreamHeaders(request),
    });
    return { status: res.status, body: res.body } as typeof res;
  },
  activate: async ({ body, request }) => {
    const res = await upstreamOf(request).mfa.activate({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    return { status: res.status, body: res.body } as typeof res;
  },
  switchPrimary: async ({ params, request }) => {
    const res = await upstreamOf(request).mfa.switchPrimary({
      params,
      extraHeaders: upstreamHeaders(request),
    });
    return { status: res.status, body: res.body } as typeof res;
  },
  deleteMethod: async ({ params, query, request }) => {
    const res = await upstreamOf(request).mfa.deleteMethod({
      params,
      query,
      extraHeaders: upstreamHeaders(request),
    });
    return { status: res.status, body: res.body } as typeof res;
  },
  regenerateRecovery: async ({ request }) => {
    const res = await upstreamOf(request).mfa.regenerateRecovery({
      extraHeaders: upstreamHeaders(request),
    });
    return { status: res.status, body: res.body } as typeof res;
  },
};
