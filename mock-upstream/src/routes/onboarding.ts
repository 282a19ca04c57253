import type { accountApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { Store } from '../store';

export function onboardingRoutes(
  _store: Store,
): RouterImplementation<typeof accountApi.onboarding> {
  return {};
}
