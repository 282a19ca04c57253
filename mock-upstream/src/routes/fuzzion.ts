import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import {
  acceptFuzzion,
  claimFuzzion,
  confirmFuzzionCode,
  declineFuzzion,
  fuzzionDetails,
  ignoreFuzzion,
  notMeFuzzion,
  sendFuzzionCode,
} from '../domain/fuzzion';
import type { Store } from '../store';
import { sessionInfo, withRetryAfter } from './auth';

export function fuzzionRoutes(store: Store): RouterImplementation<typeof accountApi.fuzzion> {
  return {
    details: async ({ body }) => fuzzionDetails(store, body.payload),
    sendCode: async ({ body }) => sendFuzzionCode(store, body),
    confirmCode: async ({ body }) => confirmFuzzionCode(store, body),
    claim: async ({ body, request, reply }) =>
      withRetryAfter(claimFuzzion(store, body, sessionInfo(request)), reply),
    accept: async ({ body, request }) =>
      acceptFuzzion(store, body.payload, sessionInfo(request), bearerToken(request)),
    decline: async ({ body, request }) => declineFuzzion(store, body.payload, sessionInfo(request)),
    notMe: async ({ body, request }) => notMeFuzzion(store, body.payload, sessionInfo(request)),
    ignore: async ({ body }) => ignoreFuzzion(store, body.payload),
  };
}
