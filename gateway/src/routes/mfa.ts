import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { sessionRefused, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { passOn, passThrough } from './pass-through';

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
    if (res.status === 401) sessionRefused(request, reply);
    return passOn(res);
  },
  setupMethod: passThrough((api, { body }, extraHeaders) =>
    api.mfa.setupMethod({ body, extraHeaders }),
  ),
  startActivation: passThrough((api, { params, query }, extraHeaders) =>
    api.mfa.startActivation({ params, query, extraHeaders }),
  ),
  // A second factor added, made primary or removed, new recovery keys: the
  // session moves to a new token (docs/threat-model.md, "A session's life").
  activate: passThrough((api, { body }, extraHeaders) => api.mfa.activate({ body, extraHeaders }), {
    renews: true,
  }),
  switchPrimary: passThrough(
    (api, { params }, extraHeaders) => api.mfa.switchPrimary({ params, extraHeaders }),
    { renews: true },
  ),
  deleteMethod: passThrough(
    (api, { params, query }, extraHeaders) => api.mfa.deleteMethod({ params, query, extraHeaders }),
    { renews: true },
  ),
  regenerateRecovery: passThrough(
    (api, _args, extraHeaders) => api.mfa.regenerateRecovery({ extraHeaders }),
    { renews: true },
  ),
};
