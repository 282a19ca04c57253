import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import {
  currentSession,
  listHistory,
  listSessions,
  revokeAllSessions,
  revokeSession,
  UNAUTHENTICATED,
} from '../domain/sessions';
import type { Store } from '../store';

export function sessionsRoutes(store: Store): RouterImplementation<typeof accountApi.sessions> {
  return {
    listSessions: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return { status: 200, body: { sessions: listSessions(store, current) } };
    },
    deleteSession: async ({ request, params }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      if (!revokeSession(store, current, params.id)) {
        return { status: 404, body: { code: 'not_found', message: 'No such session.' } };
      }
      return { status: 204, body: undefined };
    },
    deleteAllSessions: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      revokeAllSessions(store, current);
      return { status: 204, body: undefined };
    },
    listHistory: async ({ request, query }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return {
        status: 200,
        body: { events: listHistory(store, current.account.id, query.limit) },
      };
    },
  };
}
