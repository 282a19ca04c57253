import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { securityEvent } from '../security-events';
import { passThrough } from './pass-through';

/**
 * Forgot password and username: anonymous calls passed to the region's
 * upstream as they are. (The onboarding is the gateway's flow:
 * `routes/onboarding-flow.ts`.)
 */
export const onboardingRoutes: RouterImplementation<typeof portalApi.onboarding> = {
  forgotPassword: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.forgotPassword({ body, extraHeaders }),
  ),
  resetPassword: async ({ body, request }) => {
    const res = await upstreamOf(request).onboarding.resetPassword({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    // A reset by e-mailed code: no session, so no account to name.
    if (res.status === 204) securityEvent(request, 'password.changed', {}, { reason: 'reset' });
    return res;
  },
  checkResetCode: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.checkResetCode({ body, extraHeaders }),
  ),
  forgotUsername: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.forgotUsername({ body, extraHeaders }),
  ),
};
