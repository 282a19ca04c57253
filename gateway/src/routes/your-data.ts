import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { refusal } from '../errors';
import {
  clearSessionCookie,
  forgetSession,
  sessionRefused,
  sessionToken,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { accountOf, securityEvent } from '../security-events';

/**
 * Your data in your hands (docs/flows.md, "Download your data" and "Ask for
 * deletion"). The account API decides both (a recent second factor, what a
 * deletion does, its grace period, the e-mails); the gateway limits the
 * exports per account per day and, once a deletion is asked for, drops the
 * cookie of the session the account API ended.
 */

/** Copies of an account's data a day (UTC), every gateway counting against one budget. */
export const EXPORTS_PER_DAY = 3;
const DAY_MS = 24 * 3600 * 1000;

/** Today's export count of `account`, in the shared store (Redis when configured), and when today ends. */
function exportsToday(request: FastifyRequest, account: number) {
  const now = Date.now();
  const day = Math.floor(now / DAY_MS);
  return {
    counts: request.server.store.keyValue<number>('data-export'),
    key: `${account}:${day}`,
    msLeft: (day + 1) * DAY_MS - now,
  };
}

export const yourDataRoutes: RouterImplementation<typeof portalApi.yourData> = {
  exportData: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    // The account the limit counts for; a failed read fails the call (no export unlimited by an outage).
    const token = sessionToken(request) as string;
    const account = await request.server.sessionStates.account(request, token);
    if (account === undefined) {
      // A token the account API does not know: nothing to export.
      sessionRefused(request, reply);
      return refusal('unauthenticated');
    }
    const { counts, key, msLeft } = exportsToday(request, account);
    const done = (await counts.get(key)) ?? 0;
    if (done >= EXPORTS_PER_DAY) {
      reply.header('retry-after', String(Math.ceil(msLeft / 1000)));
      return refusal(
        'export_limit',
        `A copy of your data can be made ${EXPORTS_PER_DAY} times a day. Try again tomorrow.`,
      );
    }
    const res = await upstreamOf(request).yourData.exportData({ extraHeaders: headers });
    if (res.status === 401) sessionRefused(request, reply);
    if (res.status === 200) {
      await counts.set(key, done + 1, msLeft);
      securityEvent(request, 'data.exported', { account });
      const day = res.body.generated_at.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="account-data-${day}.json"`);
    }
    return res;
  },
  getDeletion: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).yourData.getDeletion({ extraHeaders: headers });
    if (res.status === 401) sessionRefused(request, reply);
    return res;
  },
  // Every session of the account ended with the request (docs/threat-model.md, "A session's
  // life"): this browser's cookie goes too, so that only a new sign-in can cancel it.
  requestDeletion: async ({ body, request, reply }) => {
    const headers = upstreamHeaders(request);
    const account = await accountOf(request);
    const res = await upstreamOf(request).yourData.requestDeletion({ body, extraHeaders: headers });
    if (res.status === 200) {
      securityEvent(request, 'account.deletion_requested', { account });
      securityEvent(request, 'session.revoked', { account }, { scope: 'all', reason: 'deletion' });
      clearSessionCookie(request, reply);
      forgetSession(request);
    }
    if (res.status === 401) sessionRefused(request, reply);
    return res;
  },
  cancelDeletion: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).yourData.cancelDeletion({ extraHeaders: headers });
    if (res.status === 204) {
      securityEvent(request, 'account.deletion_cancelled', { account: await accountOf(request) });
    }
    if (res.status === 401) sessionRefused(request, reply);
    return res;
  },
};
