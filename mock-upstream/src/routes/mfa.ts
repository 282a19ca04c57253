import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { Store } from '../store';

export function mfaRoutes(_store: Store): RouterImplementation<typeof accountApi.mfa> {
  return {};
}
