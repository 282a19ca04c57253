import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { clearSessionCookie, sessionNowStrong } from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { sessionEvent } from '../security-events';
import { passOn, signedIn, UNAUTHENTICATED } from './signed-in';

/**
 * Profile, IBAN, password and e-mails/phones. The upstream decides (403
 * `sudo_required`, 409 duplicates, 422 `{message}`) and its answers pass
 * through as they are.
 */
export const profileRoutes: RouterImplementation<typeof portalApi.profile> = {
  getUser: async ({ request, reply }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    const res = await upstreamOf(request).profile.getUser({ extraHeaders: headers });
    // A revoked or expired token is of no use: drop the cookie holding it.
    if (res.status === 401) clearSessionCookie(request, reply);
    return passOn(res);
  },
  updateUser: async ({ body, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    return passOn(await upstreamOf(request).profile.updateUser({ body, extraHeaders: headers }));
  },
  updateIban: async ({ body, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    return passOn(await upstreamOf(request).profile.updateIban({ body, extraHeaders: headers }));
  },
  changePassword: async ({ body, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    const res = await upstreamOf(request).profile.changePassword({ body, extraHeaders: headers });
    if (res.status === 200) await sessionEvent(request, 'password.changed', { reason: 'change' });
    return passOn(res);
  },
  replaceWeakPassword: async ({ body, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    const res = await upstreamOf(request).profile.replaceWeakPassword({
      body,
      extraHeaders: headers,
    });
    // Replaced (or, 409, no longer weak upstream): the session is no longer locked down.
    if (res.status === 200 || res.status === 409) sessionNowStrong(request);
    if (res.status === 200) await sessionEvent(request, 'password.changed', { reason: 'weak' });
    return passOn(res);
  },
  addLogin: async ({ body, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    return passOn(await upstreamOf(request).profile.addLogin({ body, extraHeaders: headers }));
  },
  confirmLogin: async ({ body, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    return passOn(await upstreamOf(request).profile.confirmLogin({ body, extraHeaders: headers }));
  },
  resendContactCode: async ({ params, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    return passOn(
      await upstreamOf(request).profile.resendContactCode({ params, extraHeaders: headers }),
    );
  },
  deleteContact: async ({ params, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    return passOn(
      await upstreamOf(request).profile.deleteContact({ params, extraHeaders: headers }),
    );
  },
  makeContactPrimary: async ({ params, request }) => {
    const headers = signedIn(request);
    if (!headers) return UNAUTHENTICATED;
    return passOn(
      await upstreamOf(request).profile.makeContactPrimary({ params, extraHeaders: headers }),
    );
  },
};
