import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';

export const onboardingRoutes: RouterImplementation<typeof portalApi.onboarding> = {};
