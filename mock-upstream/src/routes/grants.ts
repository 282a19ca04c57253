import type { accountApi, ErrorBody } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../auth-header';
import { approve, authorize, listGrants, registeredClients, revokeGrant } from '../domain/oauth';
import { type Account, type Store, type TokenRow, tokenRow } from '../store';

const unauthenticated: ErrorBody = { code: 'unauthenticated', message: 'Sign in first.' };

/**
 * The signed-in user behind a portal session. Tokens issued to OAuth clients
 * cannot manage grants or authorise other clients.
 */
export function portalSession(
  store: Store,
  request: FastifyRequest,
): { row: TokenRow; account: Account } | undefined {
  const row = tokenRow(store, bearerToken(request));
  if (!row || row.clientId !== null) return undefined;
  const account = store.accounts.get(row.accountId);
  return account ? { row, account } : undefined;
}

export function grantsRoutes(store: Store): RouterImplementation<typeof accountApi.grants> {
  return {
    listGrants: async ({ request }) => {
      const session = portalSession(store, request);
      if (!session) return { status: 401, body: unauthenticated };
      return { status: 200, body: listGrants(store, session.account) };
    },
    revokeGrant: async ({ params, request }) => {
      const session = portalSession(store, request);
      if (!session) return { status: 401, body: unauthenticated };
      const found = revokeGrant(store, session.account, Number(params.client_id), session.row);
      if (!found) {
        return {
          status: 404,
          body: { code: 'grant_not_found', message: 'You have not granted access to this app.' },
        };
      }
      return { status: 204, body: undefined };
    },
    authorize: async ({ query, request }) => {
      const session = portalSession(store, request);
      if (!session) return { status: 401, body: unauthenticated };
      return authorize(store, session.account, query);
    },
    approve: async ({ body, request }) => {
      const session = portalSession(store, request);
      if (!session) return { status: 401, body: unauthenticated };
      return approve(store, session.account, body, session.row);
    },
    listClients: async () => ({ status: 200, body: { clients: registeredClients(store) } }),
  };
}
