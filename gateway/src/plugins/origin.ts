import type { Variant } from '@portal/contract';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { originOfHost, type PublicOrigin, publicOrigins } from '../origins';

declare module 'fastify' {
  interface FastifyRequest {
    /** The variant of the configured origin this request's Host names. */
    variant: Variant;
    /** That origin: the same-origin check, cookies and absolute URLs come from it, never from Host. */
    publicOrigin: PublicOrigin;
  }
  interface FastifyInstance {
    /** Every configured origin, for the 421 page. */
    publicOrigins: PublicOrigin[];
  }
  interface FastifyContextConfig {
    /** Answered on any Host (health probes, which address the container directly). */
    anyHost?: boolean;
  }
}

/**
 * Picks the request's variant and public origin from the configured ones by
 * its Host. A Host that names none is answered 421 `misdirected` (a page
 * listing the portal's addresses for a browser), never with the app: a
 * name we do not own must not serve our pages or set our cookies.
 */
export const originPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const origins = publicOrigins(config);
    const fallback = origins[0] as PublicOrigin;
    app.decorateRequest('variant', 'be');
    app.decorateRequest('publicOrigin', null as unknown as PublicOrigin);
    app.decorate('publicOrigins', origins);
    app.addHook('onRequest', (request, _reply, done) => {
      const origin = originOfHost(origins, request.headers.host);
      if (!origin && !request.routeOptions.config.anyHost) {
        done(new GatewayError('misdirected'));
        return;
      }
      request.publicOrigin = origin ?? fallback;
      request.variant = request.publicOrigin.variant;
      done();
    });
  },
  { name: 'origin' },
);
