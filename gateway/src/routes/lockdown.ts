import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { LOCK_PAGE, LOCKED_PAGE, lockByLink, openLockLink, readLockdown } from '../flows/lockdown';
import {
  clearSessionCookie,
  forgetSession,
  sessionRefused,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { accountOf, securityEvent } from '../security-events';
import { passThrough } from './pass-through';

type Lockdown = typeof portalApi.lockdown;
/** The calls of the e-mail's link: no session, the link's flow holds the secret. */
type ByLink = 'openLockdownLink' | 'readLockdownLink' | 'lockAccountByLink';

/**
 * "Lock my account" (docs/flows.md, "Lock my account"). Signed in, the
 * account API asks for a recent second factor (403 `sudo_required`, which the
 * page answers with its step-up) and ends every session, this one too: the
 * cookie goes with it. By the e-mail's link, the flow the link opened
 * (`flows/lockdown.ts`) holds its secret.
 */
export const lockdownLinkRoutes: RouterImplementation<Pick<Lockdown, ByLink>> = {
  openLockdownLink: async ({ body, request, reply }) => {
    const opened = await openLockLink(request, reply, body.token);
    return opened.status === 200 ? { status: 200, body: { next: LOCK_PAGE } } : opened;
  },
  readLockdownLink: async ({ request }) => readLockdown(request),
  lockAccountByLink: async ({ request, reply }) => lockByLink(request, reply),
};

/** Locking signed in, and the review after it (routes of the signed-in tree, `scopes/api.ts`). */
export const lockdownRoutes: RouterImplementation<Omit<Lockdown, ByLink>> = {
  lockAccount: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const account = await accountOf(request);
    const res = await upstreamOf(request).lockdown.lockAccount({ extraHeaders: headers });
    if (res.status === 401) sessionRefused(request, reply);
    if (res.status !== 200) return res;
    securityEvent(
      request,
      'account.locked',
      { account },
      { reason: 'session', signed_out: res.body.sessions_ended },
    );
    // Every session ended, this one included: signed out here too.
    clearSessionCookie(request, reply);
    forgetSession(request);
    return { status: 200, body: { next: LOCKED_PAGE } };
  },
  confirmSecurityReview: passThrough((api, _args, extraHeaders) =>
    api.lockdown.confirmSecurityReview({ extraHeaders }),
  ),
};
