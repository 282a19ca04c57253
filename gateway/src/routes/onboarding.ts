import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { startSession, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { securityEvent } from '../security-events';

/**
 * Forgot password/username and onboarding: anonymous flows passed to the
 * region's upstream as they are. The last onboarding step creates the account
 * and answers a session, which becomes the cookie: the new user is signed in
 * on the confirmation screen.
 */
export const onboardingRoutes: RouterImplementation<typeof portalApi.onboarding> = {
  forgotPassword: async ({ body, request }) =>
    upstreamOf(request).onboarding.forgotPassword({
      body,
      extraHeaders: upstreamHeaders(request),
    }),
  resetPassword: async ({ body, request }) => {
    const res = await upstreamOf(request).onboarding.resetPassword({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    // A reset by e-mailed code: no session, so no account to name.
    if (res.status === 204) securityEvent(request, 'password.changed', {}, { reason: 'reset' });
    return res;
  },
  checkResetCode: async ({ body, request }) =>
    upstreamOf(request).onboarding.checkResetCode({
      body,
      extraHeaders: upstreamHeaders(request),
    }),
  forgotUsername: async ({ body, request }) =>
    upstreamOf(request).onboarding.forgotUsername({
      body,
      extraHeaders: upstreamHeaders(request),
    }),
  start: async ({ body, request }) =>
    upstreamOf(request).onboarding.start({ body, extraHeaders: upstreamHeaders(request) }),
  sendEmailCode: async ({ body, request }) =>
    upstreamOf(request).onboarding.sendEmailCode({
      body,
      extraHeaders: upstreamHeaders(request),
    }),
  verifyEmail: async ({ body, request }) =>
    upstreamOf(request).onboarding.verifyEmail({ body, extraHeaders: upstreamHeaders(request) }),
  sendPhoneCode: async ({ body, request }) =>
    upstreamOf(request).onboarding.sendPhoneCode({
      body,
      extraHeaders: upstreamHeaders(request),
    }),
  verifyPhone: async ({ body, request }) =>
    upstreamOf(request).onboarding.verifyPhone({ body, extraHeaders: upstreamHeaders(request) }),
  setPassword: async ({ body, request }) =>
    upstreamOf(request).onboarding.setPassword({ body, extraHeaders: upstreamHeaders(request) }),
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
