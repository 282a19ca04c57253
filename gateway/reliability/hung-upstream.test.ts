// A hung account API under load (docs/operations.md "Timeouts and shutdown"):
// the Belgian account API accepts every connection and request and never
// answers; 400 calls arrive at once. Each is answered within
// UPSTREAM_TIMEOUT_MS + 1 s, those beyond UPSTREAM_MAX_CONCURRENCY at once
// (503 upstream_busy, Retry-After), and Luxembourg's calls, on their own
// account API, stay fast. `pnpm --filter @portal/gateway bench:hung` runs this
// file and prints the figures the docs quote.
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildMockUpstream } from '@portal/mock-upstream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, signIn, type TestStack, testStack } from '../src/test-helpers';

const TIMEOUT_MS = 2000;
const CONCURRENT = 400;
const CAP = 128;
const LU_READS = 50;

/** An HTTP server that takes every request and never answers it; `held` counts the portal's calls (not the gateway's HEAD reachability probe). */
const held: ServerResponse[] = [];
const hung = createServer((req, res) => {
  if (req.method !== 'HEAD') held.push(res);
});
const lu = buildMockUpstream({ region: 'lu' });
let gateway: FastifyInstance;
let stack: TestStack;

beforeAll(async () => {
  hung.listen(0, '127.0.0.1');
  await once(hung, 'listening');
  const luUrl = await lu.app.listen({ port: 0, host: '127.0.0.1' });
  stack = await testStack({
    scope: 'caller',
    upstream: lu,
    config: {
      UPSTREAM_BE_URL: `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
      UPSTREAM_LU_URL: luUrl,
      UPSTREAM_TIMEOUT_MS: TIMEOUT_MS,
      UPSTREAM_MAX_CONCURRENCY: CAP,
    },
  });
  gateway = stack.gateway;
});
afterAll(async () => {
  await gateway.close();
  hung.closeAllConnections();
  hung.close();
  await lu.app.close();
});

/** The `q` quantile of `values`, in ms. */
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

async function timed(call: () => Promise<{ statusCode: number; headers: object; body: string }>) {
  const started = performance.now();
  const res = await call();
  return { ...res, ms: performance.now() - started };
}

describe('a hung account API, 400 calls at once', () => {
  it('answers every call within UPSTREAM_TIMEOUT_MS + 1 s, sheds those beyond the cap at once, and leaves the other variant fast', async () => {
    const luCookie = await signIn(stack, 'marie@example.lu', 'lu.localhost:3000');
    const luRead = () =>
      timed(() =>
        gateway.inject({
          method: 'GET',
          url: '/api/user',
          headers: { ...apiHeaders('lu.localhost:3000'), cookie: `access_token=${luCookie}` },
        }),
      );
    // Luxembourg's reads before, as the baseline.
    const idle: number[] = [];
    for (let i = 0; i < LU_READS; i++) idle.push((await luRead()).ms);

    const be = Array.from({ length: CONCURRENT }, () =>
      timed(() =>
        gateway.inject({
          method: 'GET',
          url: '/api/user',
          headers: { ...apiHeaders(), cookie: 'access_token=a-session-the-hung-api-would-check' },
        }),
      ),
    );
    // Every call beyond the cap is shed before the account API is even asked.
    while (held.length < CAP) await new Promise((r) => setTimeout(r, 10));
    const during = [];
    for (let i = 0; i < LU_READS; i++) during.push(await luRead());
    const answers = await Promise.all(be);

    const timedOut = answers.filter((a) => a.statusCode === 504);
    const shed = answers.filter((a) => a.statusCode === 503);
    const all = answers.map((a) => a.ms);
    const figures = {
      timeoutMs: TIMEOUT_MS,
      cap: CAP,
      be: {
        '504 upstream_timeout': timedOut.length,
        '503 upstream_busy': shed.length,
        p50: Math.round(quantile(all, 0.5)),
        p99: Math.round(quantile(all, 0.99)),
        max: Math.round(Math.max(...all)),
        shedMax: Math.round(Math.max(...shed.map((a) => a.ms))),
      },
      lu: {
        idleP50: Math.round(quantile(idle, 0.5)),
        idleP99: Math.round(quantile(idle, 0.99)),
        duringP50: Math.round(
          quantile(
            during.map((a) => a.ms),
            0.5,
          ),
        ),
        duringP99: Math.round(
          quantile(
            during.map((a) => a.ms),
            0.99,
          ),
        ),
      },
    };
    console.log(`hung account API (be), ${CONCURRENT} calls at once: ${JSON.stringify(figures)}`);

    expect(timedOut.length + shed.length).toBe(CONCURRENT);
    expect(timedOut).toHaveLength(CAP);
    expect(held).toHaveLength(CAP);
    expect(quantile(all, 0.99)).toBeLessThanOrEqual(TIMEOUT_MS + 1000);
    expect(JSON.parse(timedOut[0]?.body ?? '{}').code).toBe('upstream_timeout');
    for (const a of shed) {
      expect(JSON.parse(a.body)).toEqual({
        code: 'upstream_busy',
        message: 'The account service is busy. Please try again in a moment.',
      });
      expect(a.headers).toMatchObject({ 'retry-after': '2' });
    }
    // Shed at once: long before the deadline.
    expect(Math.max(...shed.map((a) => a.ms))).toBeLessThan(TIMEOUT_MS / 2);
    // Luxembourg: every read answered, as fast as before (within a busy machine's noise).
    for (const read of during) expect(read.statusCode).toBe(200);
    expect(
      quantile(
        during.map((a) => a.ms),
        0.99,
      ),
    ).toBeLessThan(Math.max(250, 5 * quantile(idle, 0.99)));
  });
});
