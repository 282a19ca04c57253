import type { portalApi } from '@portal/contract';
import type { RouterImplementation } from '@ts-rest/fastify';
import type { Config } from '../config';
import { portalConfig } from '../variant';

export function configRoutes(config: Config): RouterImplementation<typeof portalApi.config> {
  return {
    getConfig: async ({ request }) => ({
      status: 200,
      body: portalConfig(config, request.variant),
    }),
  };
}
