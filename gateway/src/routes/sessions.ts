import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import {
  clearSessionCookie,
  forgetSession,
  sessionRefused,
  upstreamHeaders,
} from '../plugins/session';
import { upstreamOf } from '../plugins/upstream';
import { accountOf, securityEvent } from '../security-events';
import { passThrough } from './pass-through';

/**
 * Devices, sessions and security history. The session list names sessions by
 * id, never by token. Logging out this browser's own session (alone or with all
 * the others) also clears its cookie.
 */
export const sessionsRoutes: RouterImplementation<typeof portalApi.sessions> = {
  listSessions: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const res = await upstreamOf(request).sessions.listSessions({ extraHeaders: headers });
    if (res.status === 401) sessionRefused(request, reply);
    return res;
  },
  deleteSession: async ({ params, request, reply }) => {
    const headers = upstreamHeaders(request);
    const upstream = upstreamOf(request).sessions;
    // Which session is this browser's own: only the upstream knows the token behind an id.
    const list = await upstream.listSessions({ extraHeaders: headers });
    if (list.status !== 200) {
      if (list.status === 401) sessionRefused(request, reply);
      return list;
    }
    const own = list.body.sessions.some((s) => s.id === params.id && s.current);
    const account = await accountOf(request);
    const res = await upstream.deleteSession({ params, extraHeaders: headers });
    if (res.status === 204) {
      securityEvent(
        request,
        'session.revoked',
        { account },
        { scope: 'one', reason: own ? 'this_session' : 'other_session' },
      );
    }
    if (res.status === 204 && own) clearSessionCookie(request, reply);
    return res;
  },
  deleteAllSessions: async ({ request, reply }) => {
    const headers = upstreamHeaders(request);
    const account = await accountOf(request);
    const res = await upstreamOf(request).sessions.deleteAllSessions({ extraHeaders: headers });
    if (res.status === 204)
      securityEvent(request, 'session.revoked', { account }, { scope: 'all' });
    // Signed out everywhere, here too (a 401 means the token was dead already).
    clearSessionCookie(request, reply);
    forgetSession(request);
    return res;
  },
  listHistory: passThrough((api, { query }, extraHeaders) =>
    api.sessions.listHistory({ query, extraHeaders }),
  ),
};
