import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { GatewayError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why DESIGN.md's rule refuses this request, or null when it passes. */
function refusal(request: FastifyRequest): GatewayError | null {
  const device = request.headers['x-device-id'];
  if (device !== undefined && (typeof device !== 'string' || !UUID.test(device))) {
    return new GatewayError('invalid_device_id');
  }
  if (SAFE.has(request.method)) return null;
  if (device === undefined) {
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
 * DESIGN.md's rule for state-changing portal calls: an X-Device-ID header (a
 * UUID), `Sec-Fetch-Site` same-origin where present, `Origin` the configured
 * public origin where present. A hook of the /api scope: it runs for every
 * route in it, whatever spelling of the path reached the route.
 */
export const csrf: onRequestHookHandler = (request, _reply, done) => {
  done(refusal(request) ?? undefined);
};
