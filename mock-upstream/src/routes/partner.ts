import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { Store } from '../store';

const pending = { code: 'not_implemented', message: 'Not implemented yet.' };

export function partnerRoutes(_store: Store): RouterImplementation<typeof accountApi.partner> {
  return {
    requestAccess: async () => ({ status: 401, body: pending }),
    linkAccount: async () => ({ status: 400, body: pending }),
    ssoDiscover: async () => ({ status: 200, body: { company: null, provider: null } }),
    ssoLogin: async () => ({ status: 400, body: pending }),
    ssoCallback: async () => ({ status: 400, body: pending }),
  };
}
