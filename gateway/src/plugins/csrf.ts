import fp from 'fastify-plugin';
import { GatewayError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DESIGN.md's rule for state-changing `/api` calls: an X-Device-ID header (a
 * UUID), `Sec-Fetch-Site` same-origin where present, `Origin` our own where present.
 */
export const csrfPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const device = request.headers['x-device-id'];
      if (device !== undefined && (typeof device !== 'string' || !UUID.test(device))) {
        throw new GatewayError('invalid_device_id');
      }
      if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
      if (device === undefined) {
        throw new GatewayError(
          'csrf',
          'This request was refused: the X-Device-ID header is missing.',
        );
      }
      const site = request.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin') {
        throw new GatewayError('csrf', `This request was refused: Sec-Fetch-Site is ${site}.`);
      }
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== `${request.protocol}://${request.headers.host}`) {
        throw new GatewayError('csrf', 'This request was refused: it came from another origin.');
      }
    });
  },
  { name: 'csrf' },
);
