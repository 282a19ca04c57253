import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';

const pending = { code: 'not_implemented', message: 'Not implemented yet.' };

export const grantsRoutes: RouterImplementation<typeof portalApi.grants> = {
  listGrants: async () => ({ status: 401, body: pending }),
  revokeGrant: async () => ({ status: 401, body: pending }),
  authorize: async () => ({ status: 400, body: pending }),
  approve: async () => ({ status: 400, body: pending }),
  redirectCheck: async () => ({ status: 200, body: { allowed: false, target: null } }),
};
