import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';

export const profileRoutes: RouterImplementation<typeof portalApi.profile> = {
  getUser: async ({ request }) => {
    const headers = upstreamHeaders(request);
    if (!headers.authorization) {
      return { status: 401, body: { code: 'unauthenticated', message: 'Sign in first.' } };
    }
    return upstreamOf(request).profile.getUser({ extraHeaders: headers });
  },
};
