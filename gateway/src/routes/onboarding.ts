import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { startSession, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { securityEvent } from '../security-events';
import { passThrough } from './pass-through';

/**
 * Forgot password/username and onboarding: anonymous flows passed to the
 * region's upstream as they are. The last onboarding step creates the account
 * and answers a session, which becomes the cookie: the new user is signed in
 * on the confirmation screen.
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
  start: passThrough((api, { body }, extraHeaders) => api.onboarding.start({ body, extraHeaders })),
  sendEmailCode: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.sendEmailCode({ body, extraHeaders }),
  ),
  verifyEmail: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.verifyEmail({ body, extraHeaders }),
  ),
  sendPhoneCode: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.sendPhoneCode({ body, extraHeaders }),
  ),
  verifyPhone: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.verifyPhone({ body, extraHeaders }),
  ),
  setPassword: passThrough((api, { body }, extraHeaders) =>
    api.onboarding.setPassword({ body, extraHeaders }),
  ),
  acceptTerms: async ({ body, request, reply }) => {
    const res = await upstreamOf(request).onboarding.acceptTerms({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    const { weak } = await startSession(request, reply, res.body);
    return {
      status: 200,
      body: {
        signed_in: true as const,
        weak,
        outcome: res.body.outcome,
      },
    };
  },
};
