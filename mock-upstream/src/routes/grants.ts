import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { Store } from '../store';

const pending = { code: 'not_implemented', message: 'Not implemented yet.' };

export function grantsRoutes(_store: Store): RouterImplementation<typeof accountApi.grants> {
  return {
    listGrants: async () => ({ status: 401, body: pending }),
    revokeGrant: async () => ({ status: 401, body: pending }),
    authorize: async () => ({ status: 400, body: pending }),
    approve: async () => ({ status: 400, body: pending }),
    listClients: async () => ({ status: 200, body: { clients: [] } }),
  };
}
