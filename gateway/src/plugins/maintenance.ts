import { portalApi } from '@portal/contract';
import type { onRequestHookHandler } from 'fastify';
import { GatewayError } from '../errors';

/**
 * `MAINTENANCE=1`: every portal call answers 503 `maintenance`, except
 * `GET /api/config`, which tells the web app (`maintenance: true`) to show its
 * maintenance screen. A hook of the /api scope; the web app and the health
 * probes stay up.
 */
export const maintenance: onRequestHookHandler = (request, _reply, done) => {
  const route = request.routeOptions.config.tsRestRoute;
  done(route === portalApi.config.getConfig ? undefined : new GatewayError('maintenance'));
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract route a portal route implements (set by @ts-rest/fastify). */
    tsRestRoute?: unknown;
  }
}
