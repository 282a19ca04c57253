import type { Socket } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { GatewayError } from '../errors';

/**
 * On shutdown, answers to requests still in flight carry `Connection: close`,
 * so that their keep-alive connections end and the server can close.
 *
 * A connection that has not sent a byte yet (a browser's preconnect, or one a
 * client opened for a request it then dropped) is closed at once: Node's
 * `closeIdleConnections`, which Fastify calls, counts it as a request in
 * progress, so `close()` would wait for it until the headers timeout (60 s),
 * past the grace period.
 */
export const closingPlugin = fp(
  async (app) => {
    let closing = false;
    const open = new Set<Socket>();
    const accepted = app.initialConfig.https ? 'secureConnection' : 'connection';
    app.server.on(accepted, (socket: Socket) => {
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    });
    app.decorate('closing', () => closing);
    app.decorate('beginClosing', () => {
      closing = true;
    });
    app.addHook('preClose', (done) => {
      closing = true;
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'closing' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the server is shutting down. */
    closing(): boolean;
    /**
     * Shutdown has begun (SIGTERM, `server.ts`): readiness answers 503 and
     * answers carry `Connection: close`, while the listener still serves for
     * the `SHUTDOWN_DELAY_MS` pause; `close()` then does the rest.
     */
    beginClosing(): void;
  }
}

/**
 * `GET /healthz` on the public port: the process is up (compose's and a load
 * balancer's liveness check), on any Host: probes address the container, not
 * the portal's name. Readiness and metrics are on the management port only
 * (`management.ts`).
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  // No access line for a liveness probe: Docker's health check asks every
  // 15 s, a load balancer more often (docs/operations.md).
  app.get('/healthz', { config: { anyHost: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
  }));
  // Metrics and the probes live on the management port only: here they are not
  // found (404), never the web app's page that an unknown address gets.
  for (const path of ['/metrics', '/readyz', '/livez', '/startupz']) {
    app.get(path, { config: { anyHost: true } }, async () => {
      throw new GatewayError('not_found');
    });
  }
};
