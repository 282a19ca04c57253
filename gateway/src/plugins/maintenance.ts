import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GatewayError } from '../errors';

/**
 * `MAINTENANCE=1`: every `/api` call answers 503 `maintenance`, except
 * `/api/config`, which tells the web app (`maintenance: true`) to show its
 * maintenance screen. The web app itself and the health probes stay up.
 */
export const maintenancePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.MAINTENANCE) return;
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') && path !== '/api/config') {
        throw new GatewayError('maintenance');
      }
    });
  },
  { name: 'maintenance' },
);
