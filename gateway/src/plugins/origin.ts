import type { Variant } from '@portal/contract';
import type { onRequestHookHandler } from 'fastify';
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
    /** The Host names no configured origin: answered 421 once the scope's headers are set. */
    misdirected: boolean;
  }
  interface FastifyInstance {
    /** Every configured origin, for the 421 page. */
    publicOrigins: PublicOrigin[];
    /** `WEBAUTHN_RELATED_ORIGINS`: the origins outside the relying-party id's domain that share it. */
    relatedOrigins: string[];
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
 * name we do not own must not serve our pages or set our cookies. The answer
 * is given by `refuseMisdirected` in each scope, after its security headers.
 */
export const originPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const origins = publicOrigins(config);
    const fallback = origins[0] as PublicOrigin;
    app.decorateRequest('variant', 'be');
    app.decorateRequest('publicOrigin', null as unknown as PublicOrigin);
    app.decorateRequest('misdirected', false);
    app.decorate('publicOrigins', origins);
    app.decorate('relatedOrigins', config.WEBAUTHN_RELATED_ORIGINS);
    app.addHook('onRequest', (request, _reply, done) => {
      const origin = originOfHost(origins, request.headers.host);
      request.misdirected = !origin && !request.routeOptions.config.anyHost;
      request.publicOrigin = origin ?? fallback;
      request.variant = request.publicOrigin.variant;
      done();
    });
    // Whatever scope did not refuse it already (see refuseMisdirected): never a handler.
    app.addHook('preHandler', refuseMisdirected);
  },
  { name: 'origin' },
);

/**
 * The 421 itself, as a hook each scope adds right after its security headers:
 * the wrong-address page and JSON carry the same headers as every other answer
 * of the scope (helmet's set, CSP included), and nothing else of the scope runs.
 */
export const refuseMisdirected: onRequestHookHandler = (request, _reply, done) => {
  done(request.misdirected ? new GatewayError('misdirected') : undefined);
};
