import type { Variant } from '@portal/contract';
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
 * `GET /healthz`: the process is up. `GET /readyz`: both regions' upstreams
 * answer; 503 naming the one that does not, or while shutting down, so that a
 * load balancer stops sending traffic the gateway cannot serve.
 *
 * On shutdown, answers to requests still in flight carry `Connection: close`,
 * so that their keep-alive connections end and the server can close.
 */
export const healthPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });

    const timeout = Math.min(PROBE_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS);
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      if (closing) {
        return reply.status(503).send({ status: 'shutting_down', upstreams: {} });
      }
      const urls: Record<Variant, string> = {
        be: config.UPSTREAM_BE_URL,
        lu: config.UPSTREAM_LU_URL,
      };
      const [be, lu] = await Promise.all([
        reachable(urls.be, timeout),
        reachable(urls.lu, timeout),
      ]);
      const upstreams = { be: be ? 'ok' : 'unreachable', lu: lu ? 'ok' : 'unreachable' };
      return reply
        .status(be && lu ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: be && lu ? 'ok' : 'unavailable', upstreams });
    });
  },
  { name: 'health' },
);
