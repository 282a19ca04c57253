import { createServer, type Socket } from 'node:net';
import getPort from 'get-port';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });

/** An account API that accepts connections and never answers a byte. */
async function hungAccountApi(): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

describe('health probes', () => {
  it('/healthz answers on the public port; the startup, liveness and readiness probes on the management port only', async () => {
    expect((await stack.gateway.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    for (const url of ['/readyz', '/livez', '/startupz']) {
      expect((await stack.gateway.inject({ url })).statusCode, url).toBe(404);
    }
    const management = stack.gateway.management;
    expect((await management.inject({ url: '/startupz' })).json()).toEqual({ status: 'started' });
    expect((await management.inject({ url: '/livez' })).json()).toEqual({ status: 'ok' });
    expect((await management.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await management.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.json()).toMatchObject({ status: 'ok', store: 'memory' });
  });

  it('stays ready when an account API is down: only the metric says so', async () => {
    const s = await testStack({ config: { ACCOUNT_API_PROBE_INTERVAL_MS: 100 } });
    const metrics = async () => (await s.gateway.management.inject({ url: '/metrics' })).body;
    await expect.poll(metrics).toContain('portal_account_api_up{variant="lu"} 1');
    await s.lu.app.close();
    await expect.poll(metrics).toContain('portal_account_api_up{variant="lu"} 0');
    expect(await metrics()).toContain('portal_account_api_up{variant="be"} 1');
    const ready = await s.gateway.management.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      upstreams: { be: 'ok', lu: 'unreachable' },
    });
  });

  it('answers /readyz within 50 ms while both account APIs hang', async () => {
    const hung = await hungAccountApi();
    const gateway = await buildApp(
      testConfig({
        UPSTREAM_BE_URL: hung,
        UPSTREAM_LU_URL: hung,
        ACCOUNT_API_PROBE_INTERVAL_MS: 100,
      }),
    );
    onTestFinished(() => gateway.close());
    await gateway.ready();
    const port = await getPort();
    await gateway.management.listen({ port, host: '127.0.0.1' });
    // The test's own HTTP client, loaded once (its first call costs it, not the gateway).
    await fetch(`http://127.0.0.1:${port}/livez`);
    // Probes of the hung account APIs are in flight meanwhile.
    const took: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(await res.json()).toMatchObject({ status: 'ok' });
      took.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    took.sort((x, y) => x - y);
    // The median within 50 ms and none near Kubernetes' 1 s probe timeout, on a
    // machine other tests share (with the account APIs probed, each waited 2 s).
    expect(took[5]).toBeLessThan(50);
    expect(took[9]).toBeLessThan(1000);
    const started = performance.now();
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
