import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMockUpstream } from '@portal/mock-upstream';
import getPort from 'get-port';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundle, GATEWAY_NODE_FLAGS } from '../build.mjs';
import { DEMO_PASSWORD } from './test-helpers';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
/** This file's own production bundle (beside, not over, the one `pnpm start` runs). */
// Beside dist/server.mjs: the gateway finds its files (web app, favicons) from its own place.
const BUNDLE = 'dist/server-under-test.mjs';

beforeAll(async () => {
  await bundle(BUNDLE);
});

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * The real entry point as `pnpm start` and the image run it: the production
 * bundle, with plain Node and the production flags (starting the TypeScript
 * through a loader took seconds per start on two cores).
 */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...GATEWAY_NODE_FLAGS, BUNDLE], {
    cwd: gatewayDir,
    // The management listener on a free port: tests start many gateways. No
    // pause on SIGTERM but in the test of that pause.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      MANAGEMENT_PORT: '0',
      SHUTDOWN_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  child.stdout?.on('data', (d) => {
    stdout += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr, stdout: () => stdout };
}

/** The log lines a process wrote, parsed. */
const lines = (out: string) =>
  out
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as { level: number; msg: string; reqId?: string; err?: { code?: string } },
    );

/** Waits (up to `ms`) until a started server has logged that it listens. */
async function untilListening(server: ReturnType<typeof startServer>, ms: number) {
  const deadline = Date.now() + ms;
  while (!server.stdout().includes('Server listening') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the production process', () => {
  it('runs in the Docker image with the node flags of `pnpm start` and the bench', () => {
    // A Dockerfile cannot import build.mjs: its CMD repeats the flags, and must not drift.
    const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
    const commands = [...dockerfile.matchAll(/^CMD (\[.*\])$/gm)].map(
      ([, json]) => JSON.parse(json ?? '[]') as string[],
    );
    expect(commands.find((command) => command.includes('dist/server.mjs'))).toEqual([
      'node',
      ...GATEWAY_NODE_FLAGS,
      'dist/server.mjs',
    ]);
  });
});

describe('configuration at start', () => {
  it('stops the process with a message naming a bad variable', async () => {
    const server = startServer({
      PORT: 'abc',
      UPSTREAM_TIMEOUT_MS: '-5',
      // A URL, but no DSN: Sentry's SDK would only print "Invalid Sentry Dsn" and report nothing.
      SENTRY_DSN: 'https://sentry.example/1',
    });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('Invalid gateway configuration');
    expect(server.stderr()).toMatch(/PORT: /);
    expect(server.stderr()).toMatch(/UPSTREAM_TIMEOUT_MS: /);
    expect(server.stderr()).toContain(
      'SENTRY_DSN: must be a Sentry DSN: https://<public key>@<host>/<project id>',
    );
  }, 20_000);

  it('refuses an empty value like a bad one (PORT= once listened on a random port)', async () => {
    const server = startServer({ PORT: '', TRUST_PROXY: ' ' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT: is empty (unset it to use the default)');
    expect(server.stderr()).toContain('TRUST_PROXY: is empty');
  }, 20_000);

  it('will not start in production without the web app it serves', async () => {
    const unset = startServer({ NODE_ENV: 'production' });
    const wrong = startServer({ NODE_ENV: 'production', WEB_DIST: '/nonexistent/web/dist' });
    expect(await unset.exited).toBe(1);
    expect(unset.stderr()).toContain('WEB_DIST: required in production');
    expect(await wrong.exited).toBe(1);
    expect(wrong.stderr()).toContain('WEB_DIST: /nonexistent/web/dist holds no index.html');
  }, 30_000);

  it('will not start in production without EVENT_HASH_KEY, and names it', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html>');
    try {
      const server = startServer({ NODE_ENV: 'production', WEB_DIST: webDist });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain('EVENT_HASH_KEY: required in production');
    } finally {
      rmSync(webDist, { recursive: true });
    }
  }, 20_000);

  it('refuses an account-API timeout that the shutdown drain would cut off', async () => {
    const server = startServer({ UPSTREAM_TIMEOUT_MS: '30000', SHUTDOWN_DRAIN_MS: '20000' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain(
      'UPSTREAM_TIMEOUT_MS: 30000 must be shorter than SHUTDOWN_DRAIN_MS (20000)',
    );
  }, 20_000);

  it('stops on a Redis setting it cannot use, naming the variable', async () => {
    const server = startServer({ REDIS_SENTINELS: 'sentinel-0:26379,sentinel-1' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('REDIS_SENTINELS: sentinel-1 is not host:port');
  }, 20_000);

  it('refuses an upstream URL that is not http(s)', async () => {
    const server = startServer({ UPSTREAM_LU_URL: 'ftp://upstream.example' });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('UPSTREAM_LU_URL: must be an http(s) URL');
  }, 20_000);
});

describe('the log of a start and a stop', () => {
  it('says why the gateway could not start when its port is taken, and exits 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const server = startServer({ PORT: String(port), HOST: '127.0.0.1' });
      expect(await server.exited).toBe(1);
      const errors = lines(server.stdout()).filter((line) => line.level >= 50);
      expect(errors.map((line) => line.err?.code)).toContain('EADDRINUSE');
    } finally {
      taken.close();
    }
  }, 30_000);

  it('writes its last lines before it exits on SIGTERM', async () => {
    const server = startServer({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    await untilListening(server, 15_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const messages = lines(server.stdout()).map((line) => line.msg);
    expect(messages.at(-1)).toBe('shutting down: finishing in-flight requests');
  }, 30_000);

  it('loads its error reporter from the bundle: with a DSN it starts and writes JSON lines only', async () => {
    // The bundle holds Sentry's SDK itself: no hook of it may look for module files.
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SENTRY_DSN: 'http://public@127.0.0.1:9/1',
    });
    await untilListening(server, 15_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
    // Every line JSON (lines() parses each), the start among them.
    const messages = lines(server.stdout()).map((line) => line.msg);
    expect(messages.some((msg) => msg.startsWith('Server listening at '))).toBe(true);
  }, 30_000);

  it('writes one whole access line per request, in order, across its 4 KB batches', async () => {
    const gatewayPort = await getPort();
    const server = startServer({
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      PUBLIC_ORIGIN_BE: `http://127.0.0.1:${gatewayPort}`,
      // The ids are the test's own: taken from a proxy the gateway trusts.
      TRUST_PROXY: '127.0.0.1',
    });
    const base = `http://127.0.0.1:${gatewayPort}`;
    await untilListening(server, 20_000);
    // About 200 KB of lines: some fifty batches, the last one written only at exit.
    const ids = Array.from({ length: 600 }, (_, i) => `order-${i}-${randomUUID()}`);
    for (const [i, id] of ids.entries()) {
      const res = await fetch(`${base}/api/config`, { headers: { 'x-request-id': id } });
      expect(res.status).toBe(200);
      // Liveness probes between them, as Docker's health check makes: no line of their own.
      if (i % 100 === 0) expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const completed = lines(server.stdout()).filter((line) => line.msg === 'request completed');
    expect(completed.map((line) => line.reqId)).toEqual(ids);
  }, 40_000);

  it('on SIGTERM: not ready at once, still serving for SHUTDOWN_DELAY_MS, then the listener closes and it exits 0', async () => {
    const gatewayPort = await getPort();
    const managementPort = await getPort();
    const base = `http://127.0.0.1:${gatewayPort}`;
    const server = startServer({
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      MANAGEMENT_PORT: String(managementPort),
      PUBLIC_ORIGIN_BE: base,
      LOG_LEVEL: 'info',
      SHUTDOWN_DELAY_MS: '1500',
    });
    await untilListening(server, 20_000);
    const readyz = () =>
      fetch(`http://127.0.0.1:${managementPort}/readyz`).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { status: string },
      }));
    expect((await readyz()).status).toBe(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // Readiness turns first (once the process has seen the signal)...
    let ready = await readyz();
    while (ready.status === 200) ready = await readyz();
    expect(ready).toEqual({
      status: 503,
      body: expect.objectContaining({ status: 'shutting_down' }),
    });
    // ...while the public port still answers, each answer ending its connection.
    const during = await fetch(`${base}/api/config`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect(Date.now() - signalled).toBeLessThan(1500);
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1500);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    const messages = lines(server.stdout()).map((line) => line.msg);
    expect(messages.slice(-3)).toEqual([
      'shutting down: not ready, still serving',
      'request completed',
      'shutting down: finishing in-flight requests',
    ]);
  }, 40_000);

  it('with its trace collector unreachable: one JSON warning, every request answered, a clean exit without a stack', async () => {
    const gatewayPort = await getPort();
    // Nothing listens there.
    const collectorPort = await getPort();
    const base = `http://127.0.0.1:${gatewayPort}`;
    const server = startServer({
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN_BE: base,
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_TRACES_SAMPLER: 'always_on',
      OTEL_EXPORTER_OTLP_TIMEOUT: '1000',
    });
    await untilListening(server, 20_000);
    for (let i = 0; i < 5; i++) expect((await fetch(`${base}/api/config`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stderr()).toBe('');
    // Every line is JSON (lines() parses each), one of them the warning.
    const logged = lines(server.stdout());
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.filter((line) => /trace|span/.test(line.msg)).map((line) => line.msg)).toEqual([
      'trace collector unreachable: spans are dropped until it answers',
    ]);
  }, 40_000);

  it('starts while its Redis is away, says so, enforces the limits alone, and is ready within REDIS_STARTUP_WAIT_MS', async () => {
    // Nothing listens there.
    const redisPort = await getPort();
    const gatewayPort = await getPort();
    const managementPort = await getPort();
    const waitMs = 6000;
    const server = startServer({
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      MANAGEMENT_PORT: String(managementPort),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_STARTUP_WAIT_MS: String(waitMs),
      RATE_LIMIT_SIGN_IN: '2',
      PUBLIC_ORIGIN_BE: `http://127.0.0.1:${gatewayPort}`,
    });
    const base = `http://127.0.0.1:${gatewayPort}`;
    await untilListening(server, 20_000);
    expect(server.child.exitCode).toBeNull();
    const listening = Date.now();
    const readyz = async () => {
      const res = await fetch(`http://127.0.0.1:${managementPort}/readyz`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    // Out of rotation while it waits for Redis…
    expect(await readyz()).toMatchObject({
      status: 503,
      body: { status: 'waiting_for_redis', store: 'unreachable' },
    });
    // …and in, within the bound, Redis still away.
    await expect
      .poll(async () => (await readyz()).status, { timeout: waitMs + 2000, interval: 100 })
      .toBe(200);
    expect(Date.now() - listening).toBeLessThan(waitMs + 2000);
    expect((await readyz()).body).toMatchObject({ status: 'ok', store: 'unreachable' });
    // The limit holds in this process: two sign-ins go on to the upstream (none runs here: 502), the third is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const signIn = await fetch(`${base}/api/sign-in/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-id': randomUUID() },
        body: JSON.stringify({ username: 'a@example.be', password: 'x' }),
      });
      statuses.push(signIn.status);
    }
    expect(statuses).toEqual([502, 502, 429]);
    const metrics = await (await fetch(`http://127.0.0.1:${managementPort}/metrics`)).text();
    expect(metrics).toContain('portal_redis_up 0');
    expect(metrics).toContain('portal_rate_limit_local_decisions_total{class="signIn"} 3');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const messages = lines(server.stdout()).map((line) => line.msg);
    // One line for the state, one for the bound: not one per reconnection attempt.
    expect(messages.filter((m) => m.startsWith('redis unavailable'))).toHaveLength(1);
    expect(messages).toContain(
      'redis not reached within REDIS_STARTUP_WAIT_MS: ready, rate limits in this process',
    );
  }, 40_000);
});

describe('the management port', () => {
  it('serves the metrics of a sign-in on MANAGEMENT_PORT, and none on the public port', async () => {
    const upstream = buildMockUpstream({ region: 'be' });
    const upstreamUrl = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const gatewayPort = await getPort();
      const managementPort = await getPort();
      const base = `http://127.0.0.1:${gatewayPort}`;
      const server = startServer({
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        MANAGEMENT_PORT: String(managementPort),
        PUBLIC_ORIGIN_BE: base,
        UPSTREAM_BE_URL: upstreamUrl,
        UPSTREAM_LU_URL: upstreamUrl,
        LOG_LEVEL: 'info',
      });
      await untilListening(server, 20_000);
      const signIn = await fetch(`${base}/api/sign-in/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-id': randomUUID() },
        body: JSON.stringify({
          username: 'customer@example.be',
          password: DEMO_PASSWORD,
        }),
      });
      expect(signIn.status).toBe(200);
      const metrics = await fetch(`http://127.0.0.1:${managementPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toContain('text/plain');
      const text = await metrics.text();
      expect(text).toContain('portal_sign_ins_total{outcome="signed_in"} 1');
      expect(text).toMatch(
        /portal_http_requests_total\{method="POST",route="\/api\/sign-in\/password",status="200",variant="be"\} 1/,
      );
      expect(text).toMatch(
        /portal_account_api_request_duration_seconds_count\{variant="be",operation="POST \/token",outcome="2xx"\} 1/,
      );
      expect(text).toContain('portal_account_api_up{variant="be"} 1');
      expect(text).toContain('portal_nodejs_eventloop_lag_seconds');
      expect(text).toContain('portal_process_resident_memory_bytes');
      const ready = await fetch(`http://127.0.0.1:${managementPort}/readyz`);
      expect(ready.status).toBe(200);
      // The public port: its health check, but no metrics and no readiness.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      for (const path of ['/metrics', '/readyz']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('portal_');
      }
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await upstream.app.close();
    }
  }, 40_000);
});
