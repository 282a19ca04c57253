import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';

export const partnerRoutes: RouterImplementation<typeof portalApi.partner> = {};
