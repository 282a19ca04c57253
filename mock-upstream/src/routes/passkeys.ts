import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import { declinePasskeyOffer, passkeyOffered } from '../domain/passkey-offer';
import {
  deletePasskey,
  finishAuthentication,
  finishRegistration,
  passkeysOf,
  passkeyUser,
  renamePasskey,
  startAuthentication,
  startRegistration,
  toPasskey,
} from '../domain/passkeys';
import { currentSession, UNAUTHENTICATED } from '../domain/sessions';
import type { Store } from '../store';
import { sessionInfo } from './auth';

export function passkeysRoutes(store: Store): RouterImplementation<typeof accountApi.passkeys> {
  return {
    listPasskeys: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      const passkeys = passkeysOf(store, current.account.id).map(toPasskey);
      const { handle: _handle, ...user } = passkeyUser(store, current.account);
      return { status: 200, body: { passkeys, user } };
    },
    startRegistration: async ({ body, request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return startRegistration(store, current, body.relying_party);
    },
    finishRegistration: async ({ body, request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return finishRegistration(store, current, body, sessionInfo(request));
    },
    startAuthentication: async ({ body, request }) =>
      startAuthentication(store, body, bearerToken(request)),
    finishAuthentication: async ({ body, request }) =>
      finishAuthentication(store, body, bearerToken(request), sessionInfo(request)),
    renamePasskey: async ({ params, body, request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return renamePasskey(store, current, params.id, body.name);
    },
    deletePasskey: async ({ params, request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return deletePasskey(store, current, params.id, sessionInfo(request));
    },
    getPasskeyOffer: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      return { status: 200, body: { offer: passkeyOffered(store, current.row) } };
    },
    declinePasskeyOffer: async ({ request }) => {
      const current = currentSession(store, bearerToken(request));
      if (!current) return UNAUTHENTICATED;
      declinePasskeyOffer(store, current.row);
      return { status: 204, body: undefined };
    },
  };
}
