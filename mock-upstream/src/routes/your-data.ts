import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import { currentSession, UNAUTHENTICATED } from '../domain/sessions';
import { cancelDeletion, deletionStatus, exportData, requestDeletion } from '../domain/your-data';
import type { Store } from '../store';
import { sessionInfo } from './auth';

export function yourDataRoutes(store: Store): RouterImplementation<typeof accountApi.yourData> {
  const signedIn = (request: Parameters<typeof bearerToken>[0]) =>
    currentSession(store, bearerToken(request));
  return {
    exportData: async ({ request }) => {
      const current = signedIn(request);
      return current ? exportData(store, current, sessionInfo(request).deviceId) : UNAUTHENTICATED;
    },
    getDeletion: async ({ request }) => {
      const current = signedIn(request);
      return current ? { status: 200, body: deletionStatus(store, current) } : UNAUTHENTICATED;
    },
    requestDeletion: async ({ request }) => {
      const current = signedIn(request);
      return current ? requestDeletion(store, current) : UNAUTHENTICATED;
    },
    cancelDeletion: async ({ request }) => {
      const current = signedIn(request);
      return current ? cancelDeletion(store, current) : UNAUTHENTICATED;
    },
  };
}
