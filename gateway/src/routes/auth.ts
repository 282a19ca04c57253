import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { clearSessionCookie, setSessionCookie, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';

export const authRoutes: RouterImplementation<typeof portalApi.auth> = {
  createToken: async ({ body, request, reply }) => {
    const res = await upstreamOf(request).auth.createToken({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    setSessionCookie(request, reply, res.body.access_token);
    const status = res.body.password_status ?? 0;
    return { status: 200, body: { signed_in: true, weak: status === 1 || status === 2 } };
  },
  deleteToken: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    if (headers.authorization) {
      // Revocation is best-effort: the cookie goes whatever the upstream says.
      await upstreamOf(request)
        .auth.deleteToken({ extraHeaders: headers })
        .catch((err: unknown) => request.log.warn({ err }, 'upstream token revocation failed'));
    }
    clearSessionCookie(request, reply);
    return { status: 204, body: undefined };
  },
};
