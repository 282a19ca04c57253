import type { Socket } from 'node:net';
import type { Variant } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** How long a readiness probe waits for an upstream. */
const PROBE_TIMEOUT_MS = 2000;

/** Reachable = it answers HTTP at all; any status will do, the probe asks for no resource. */
async function reachable(baseUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(new URL('/', baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

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
  }
}

/**
 * `GET /healthz`: the process is up. `GET /readyz`: both regions' upstreams
 * answer; 503 naming the one that does not, or while shutting down, so that a
 * load balancer stops sending traffic the gateway cannot serve. It also names
 * the store: `memory`, or the Redis of `REDIS_URL` `ok` or `unreachable`,
 * which does not make the gateway unready: without it the rate limits fail
 * open and only a weak-password session's calls are refused (503), and taking
 * every gateway out of rotation would refuse them all. Both answer on any
 * Host: probes address the container, not the portal's name.
 */
export const healthRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const timeout = Math.min(PROBE_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS);
  const anyHost = { config: { anyHost: true } };
  app.get('/healthz', anyHost, async () => ({ status: 'ok' }));
  app.get('/readyz', anyHost, async (_request, reply) => {
    if (app.closing()) {
      return reply.status(503).send({ status: 'shutting_down', upstreams: {} });
    }
    const urls: Record<Variant, string> = {
      be: config.UPSTREAM_BE_URL,
      lu: config.UPSTREAM_LU_URL,
    };
    const [be, lu] = await Promise.all([reachable(urls.be, timeout), reachable(urls.lu, timeout)]);
    const upstreams = { be: be ? 'ok' : 'unreachable', lu: lu ? 'ok' : 'unreachable' };
    const store = app.redis ? (app.redis.status === 'ready' ? 'ok' : 'unreachable') : 'memory';
    return reply
      .status(be && lu ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: be && lu ? 'ok' : 'unavailable', upstreams, store });
  });
};
