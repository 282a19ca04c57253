import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { startSession, upstreamHeaders } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { passwordCaptcha, passwordCheckOutcome } from '../security-events';
import { passRetryAfter, passThrough } from './pass-through';

/**
 * Duplicate-account merge. The calls pass through with the fuzzion payload;
 * the merge answers a session for the merged account, which replaces the
 * session cookie (the token never reaches the browser).
 */
export const fuzzionRoutes: RouterImplementation<typeof portalApi.fuzzion> = {
  details: passThrough((api, { body }, extraHeaders) =>
    api.fuzzion.details({ body, extraHeaders }),
  ),
  sendCode: passThrough((api, { body }, extraHeaders) =>
    api.fuzzion.sendCode({ body, extraHeaders }),
  ),
  confirmCode: passThrough((api, { body }, extraHeaders) =>
    api.fuzzion.confirmCode({ body, extraHeaders }),
  ),
  claim: async ({ body, request, reply }) => {
    const { captcha, ...claim } = body;
    const byPassword = claim.password !== undefined;
    // A password proof is a password check: guarded and counted as the sign-in is.
    if (byPassword) await passwordCaptcha(request, captcha, 'merge');
    const res = await upstreamOf(request).fuzzion.claim({
      body: claim,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status === 429) passRetryAfter(res.headers, reply);
    if (byPassword) passwordCheckOutcome(request, res.status, res.status === 422, 'merge');
    return res;
  },
  accept: async ({ body, request, reply }) => {
    const res = await upstreamOf(request).fuzzion.accept({
      body,
      extraHeaders: upstreamHeaders(request),
    });
    if (res.status !== 200) return res;
    const { weak } = await startSession(request, reply, res.body);
    return { status: 200, body: { signed_in: true as const, weak } };
  },
  decline: passThrough((api, { body }, extraHeaders) =>
    api.fuzzion.decline({ body, extraHeaders }),
  ),
  notMe: passThrough((api, { body }, extraHeaders) => api.fuzzion.notMe({ body, extraHeaders })),
  ignore: passThrough((api, { body }, extraHeaders) => api.fuzzion.ignore({ body, extraHeaders })),
};
