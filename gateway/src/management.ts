import type { Variant } from '@portal/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';

/** How long the reachability probe of an account API waits. */
const PROBE_TIMEOUT_MS = 2000;

/**
 * Reachable = it answers HTTP at all; any status will do. The probe is a HEAD
 * of the configured base URL (its path prefix kept): it asks for no resource
 * and no body, and an account API's logs can tell it from a portal call.
 */
async function reachable(baseUrl: string, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

type Reachability = 'ok' | 'unreachable' | 'unknown';

declare module 'fastify' {
  interface FastifyInstance {
    /** The management listener's app (`MANAGEMENT_PORT`), listened on by `server.ts`. */
    management: FastifyInstance;
  }
}

/**
 * Each account API's reachability, probed in the background every
 * `ACCOUNT_API_PROBE_INTERVAL_MS` (never by a probe or a scrape: a hung
 * account API must not slow either). A change is one log line.
 */
function accountApiProbe(app: FastifyInstance, config: Config) {
  const urls: Record<Variant, string> = { be: config.UPSTREAM_BE_URL, lu: config.UPSTREAM_LU_URL };
  const timeout = Math.min(
    PROBE_TIMEOUT_MS,
    config.UPSTREAM_TIMEOUT_MS,
    config.ACCOUNT_API_PROBE_INTERVAL_MS,
  );
  const state: Record<Variant, Reachability> = { be: 'unknown', lu: 'unknown' };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const probe = async () => {
    await Promise.all(
      (['be', 'lu'] as const).map(async (variant) => {
        const now = (await reachable(urls[variant], timeout)) ? 'ok' : 'unreachable';
        if (now !== state[variant] && !stopped) {
          if (now === 'ok') app.log.info({ variant }, 'account API reachable');
          else app.log.warn({ variant }, 'account API unreachable');
        }
        state[variant] = now;
      }),
    );
    if (!stopped) {
      timer = setTimeout(probe, config.ACCOUNT_API_PROBE_INTERVAL_MS);
      timer.unref();
    }
  };
  void probe();
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
  });
  return state;
}

/**
 * The management port's app, as Keycloak keeps one: `/metrics` (Prometheus
 * text format) and the three probes, on `MANAGEMENT_HOST` (loopback by
 * default), never on the public port. No access lines: a probe every few
 * seconds would drown the requests' lines. The probes answer from state the
 * process holds, never waiting on anything (docs/operations.md "Management
 * port"):
 *
 * - `/startupz`: 200 once the app has loaded (its plugins and routes);
 * - `/livez` (and `/healthz`, its older name): 200 while the event loop turns;
 * - `/readyz`: 503 while shutting down, and while a configured Redis has not
 *   answered since the start, for at most `REDIS_STARTUP_WAIT_MS`; otherwise
 *   200, whatever the account APIs do: their outage is every gateway's, and
 *   taking gateways out of rotation cannot help. Their reachability is the
 *   gauge `portal_account_api_up`, probed in the background, and is named in
 *   the body for a person looking.
 */
export async function buildManagement(app: FastifyInstance, config: Config) {
  const management = Fastify({ logger: false });
  const upstreams = accountApiProbe(app, config);
  let started = false;
  app.addHook('onReady', async () => {
    started = true;
  });
  app.metrics.gauge(
    'portal_account_api_up',
    'Whether the account API of a variant answers HTTP (1) or not (0), probed in the background',
    ['variant'],
    (gauge) => {
      for (const variant of ['be', 'lu'] as const) {
        if (upstreams[variant] !== 'unknown')
          gauge.set({ variant }, upstreams[variant] === 'ok' ? 1 : 0);
      }
    },
  );

  management.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  management.get('/startupz', async (_request, reply) =>
    reply.status(started ? 200 : 503).send({ status: started ? 'started' : 'starting' }),
  );
  for (const path of ['/livez', '/healthz']) management.get(path, async () => ({ status: 'ok' }));
  management.get('/readyz', async (_request, reply) => {
    const status = app.closing() ? 'shutting_down' : app.store.ready() ? 'ok' : 'waiting_for_redis';
    // A warning, never a reason to leave rotation: the name may come after the gateway.
    const resolves = app.upstreamHostResolves();
    const warnings = (['be', 'lu'] as const)
      .filter((variant) => !resolves[variant])
      .map((variant) => `UPSTREAM_${variant.toUpperCase()}_URL: its host name does not resolve`);
    return reply.status(status === 'ok' ? 200 : 503).send({
      status,
      store: app.store.status(),
      upstreams: { ...upstreams },
      ...(warnings.length ? { warnings } : {}),
    });
  });
  management.get('/metrics', async (_request, reply) => {
    const { contentType, body } = await app.metrics.text();
    return reply.header('content-type', contentType).send(body);
  });
  app.decorate('management', management);
  app.addHook('onClose', async () => {
    await management.close();
  });
  return management;
}
