import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import { accountForToken, type Store } from '../store';
import { toUser } from '../views';

export function profileRoutes(store: Store): RouterImplementation<typeof accountApi.profile> {
  return {
    getUser: async ({ request }) => {
      const account = accountForToken(store, bearerToken(request));
      if (!account) {
        return { status: 401, body: { code: 'unauthenticated', message: 'Sign in first.' } };
      }
      return { status: 200, body: { data: toUser(account) } };
    },
  };
}
