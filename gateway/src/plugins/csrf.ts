import { isPreloadedRead } from '@portal/contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { GatewayError } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why the CSRF rule (docs/security.md) refuses this request, or null when it passes. */
function refusal(request: FastifyRequest): GatewayError | null {
  const device = request.headers['x-device-id'];
  if (device !== undefined && (typeof device !== 'string' || !UUID.test(device))) {
    return new GatewayError('invalid_device_id');
  }
  // The two reads the page preloads (a preload cannot carry a header) need only the same-origin checks below.
  const route = request.routeOptions.config?.tsRestRoute as { metadata?: unknown } | undefined;
  const preloaded = request.method === 'GET' && route !== undefined && isPreloadedRead(route);
  if (device === undefined && !preloaded) {
    return new GatewayError('csrf', 'This request was refused: the X-Device-ID header is missing.');
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return new GatewayError('csrf', `This request was refused: Sec-Fetch-Site is ${site}.`);
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== request.publicOrigin.origin) {
    return new GatewayError('csrf', 'This request was refused: it came from another origin.');
  }
  return null;
}

/**
 * The CSRF rule for portal calls (docs/security.md): an X-Device-ID header (a UUID),
 * `Sec-Fetch-Site` same-origin where present, `Origin` the configured public
 * origin where present. It holds for every method, GET included: some GETs
 * start a flow or send a code (`GET /api/sso/…/login`), and a cross-site
 * navigation carries the Lax session cookie but can never add a header, so
 * the whole class is closed at once (docs/security.md). The exception: the
 * two pure reads the page preloads (contract metadata `preloaded`), which a
 * browser's navigation from another site still cannot reach (Sec-Fetch-Site).
 * A hook of the /api
 * scope: it runs for every route in it, whatever spelling of the path
 * reached the route.
 */
export const csrf: onRequestHookHandler = (request, _reply, done) => {
  done(refusal(request) ?? undefined);
};
