import type { Variant } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';

/** How long the reachability probe of an account API waits. */
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The management listener's app (`MANAGEMENT_PORT`), listened on by `server.ts`. */
    management: FastifyInstance;
  }
}

/**
 * The management port's app, as Keycloak and Ory keep one: `/metrics`
 * (Prometheus text format), `/healthz` and `/readyz`, on `MANAGEMENT_HOST`
 * (loopback by default), never on the public port. No access lines: a probe
 * every few seconds would drown the requests' lines.
 *
 * `/readyz` is 503 while shutting down and until the configured Redis has
 * answered once (a wrong `REDIS_URL` never becomes ready); otherwise 200,
 * whatever the account APIs do: their outage is every gateway's, and taking
 * gateways out of rotation cannot help. Their reachability per variant is
 * the metric `portal_account_api_up`, probed at each scrape (and named in
 * `/readyz`'s body for a person looking).
 */
export async function buildManagement(app: FastifyInstance, config: Config) {
  const management = Fastify({ logger: false });
  const urls: Record<Variant, string> = { be: config.UPSTREAM_BE_URL, lu: config.UPSTREAM_LU_URL };
  const timeout = Math.min(PROBE_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS);
  const probe = async () => {
    const [be, lu] = await Promise.all([reachable(urls.be, timeout), reachable(urls.lu, timeout)]);
    return { be, lu };
  };
  const redisUp = () => (app.redis?.status === 'ready' ? 1 : 0);
  app.metrics.gauge(
    'portal_account_api_up',
    'Whether the account API of a variant answers HTTP (1) or not (0), probed at scrape',
    ['variant'],
    async (gauge) => {
      const up = await probe();
      for (const variant of ['be', 'lu'] as const) gauge.set({ variant }, up[variant] ? 1 : 0);
    },
  );
  if (config.REDIS_URL) {
    app.metrics.gauge(
      'portal_redis_up',
      'Whether the Redis of REDIS_URL is connected (1) or not (0): rate limits fail open without it',
      [],
      (gauge) => gauge.set(redisUp()),
    );
  }

  const store = () => (app.redis ? (redisUp() ? 'ok' : 'unreachable') : 'memory');
  management.get('/healthz', async () => ({ status: 'ok' }));
  management.get('/readyz', async (_request, reply) => {
    const status = app.closing() ? 'shutting_down' : app.storeReady() ? 'ok' : 'waiting_for_redis';
    const up = await probe();
    const upstreams = {
      be: up.be ? 'ok' : 'unreachable',
      lu: up.lu ? 'ok' : 'unreachable',
    };
    return reply
      .status(status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, store: store(), upstreams });
  });
  management.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await app.metrics.text();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
  app.decorate('management', management);
  app.addHook('onClose', async () => {
    await management.close();
  });
  return management;
}
