import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { nextAfterSession, resolveSignInTarget } from '../flows/sign-in';
import {
  renewSession,
  sessionNowStrong,
  sessionRefused,
  sessionToken,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { accountOf, passwordCaptcha, passwordCheckOutcome, sessionEvent } from '../security-events';
import { passRetryAfter, passThrough } from './pass-through';

/**
 * Profile, IBAN, password and e-mails/phones. The upstream decides (403
 * `sudo_required`, 409 duplicates, 422 `{message}`) and its answers pass
 * through as they are.
 */
export const profileRoutes: RouterImplementation<typeof portalApi.profile> = {
  getUser: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).profile.getUser({ extraHeaders: headers });
    // A revoked or expired token is of no use: drop the cookie holding it.
    if (res.status === 401) sessionRefused(request, reply);
    return res;
  },
  updateUser: passThrough((api, { body }, extraHeaders) =>
    api.profile.updateUser({ body, extraHeaders }),
  ),
  updateIban: passThrough((api, { body }, extraHeaders) =>
    api.profile.updateIban({ body, extraHeaders }),
  ),
  // A password changed or replaced: the account API ended every other session
  // and names them (the screen lists them); this one moves to a new token
  // (docs/threat-model.md, "A session's life"). The current password is a
  // password check: guarded and counted as the sign-in is.
  changePassword: async ({ body, request, reply }) => {
    const headers = upstreamHeaders(request);
    const { captcha, ...change } = body;
    const account = await accountOf(request);
    await passwordCaptcha(request, captcha, 'password_change', { account });
    const res = await upstreamOf(request).profile.changePassword({
      body: change,
      extraHeaders: headers,
    });
    if (res.status === 429) passRetryAfter(res.headers, reply);
    const wrong = res.status === 422 && res.body.code === 'password_incorrect';
    passwordCheckOutcome(request, res.status, wrong, 'password_change', { account });
    if (res.status === 200) {
      await sessionEvent(request, 'password.changed', {
        reason: 'change',
        signed_out: res.body.signed_out.length,
      });
      await renewSession(request, reply);
    }
    return res;
  },
  replaceWeakPassword: async ({ body, request, reply }) => {
    const headers = upstreamHeaders(request);
    const { target: page, ...replacement } = body;
    const res = await upstreamOf(request).profile.replaceWeakPassword({
      body: replacement,
      extraHeaders: headers,
    });
    // Replaced (or, 409, no longer weak upstream): the session is no longer locked down.
    if (res.status === 200 || res.status === 409) sessionNowStrong(request);
    if (res.status === 200) {
      await sessionEvent(request, 'password.changed', {
        reason: 'weak',
        signed_out: res.body.signed_out.length,
      });
      await renewSession(request, reply);
    }
    if (res.status !== 200 && res.status !== 409) return res;
    // The sign-in goes on where docs/product.md part 4 says (forced or offered second factor, the
    // target checked here, else the dashboard), straight away: no "password changed" stop.
    const target = await resolveSignInTarget(request, page);
    const token = sessionToken(request) ?? '';
    const next = await nextAfterSession(request, reply, token, false, target);
    return res.status === 200
      ? { status: 200, body: { ...res.body, next } }
      : { status: 409, body: { ...res.body, next } };
  },
  addLogin: passThrough((api, { body }, extraHeaders) =>
    api.profile.addLogin({ body, extraHeaders }),
  ),
  confirmLogin: passThrough((api, { body }, extraHeaders) =>
    api.profile.confirmLogin({ body, extraHeaders }),
  ),
  resendContactCode: passThrough((api, { params }, extraHeaders) =>
    api.profile.resendContactCode({ params, extraHeaders }),
  ),
  deleteContact: passThrough((api, { params }, extraHeaders) =>
    api.profile.deleteContact({ params, extraHeaders }),
  ),
  makeContactPrimary: passThrough((api, { params }, extraHeaders) =>
    api.profile.makeContactPrimary({ params, extraHeaders }),
  ),
};
