import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import { bearerToken } from '../auth-header';
import { findAccountByLogin, issueToken, revokeToken, type Store, verifySecret } from '../store';

const TOKEN_TTL_S = 30 * 24 * 3600;

export function authRoutes(store: Store): RouterImplementation<typeof accountApi.auth> {
  return {
    createToken: async ({ body }) => {
      const account = findAccountByLogin(store, body.username);
      if (!account || !verifySecret(body.password, account.passwordHash)) {
        return {
          status: 400,
          body: { code: 'invalid_grant', message: 'Invalid username/password.' },
        };
      }
      const row = issueToken(store, account.id);
      return {
        status: 200,
        body: {
          access_token: row.token,
          token_type: 'Bearer',
          expires_in: TOKEN_TTL_S,
          password_status: account.password_status,
        },
      };
    },
    deleteToken: async ({ request }) => {
      const token = bearerToken(request);
      if (!token) return { status: 401, body: { code: 'unauthenticated', message: 'No token' } };
      revokeToken(store, token);
      return { status: 204, body: undefined };
    },
  };
}
