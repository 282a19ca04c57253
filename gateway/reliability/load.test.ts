// Load: 100 connections for 8 s on a signed-in read (`GET /api/user`) and
// on the sign-in call (`POST /api/sign-in/password`, the sign-in flow's first step), against the gateway's production
// bundle in its own process (so that its RSS is its own) and the mock upstream
// in another, both started by the bench's helpers (bench/processes.ts).
//
// What counts as failed: a connection error, a timeout (no answer in 20 s: on
// the 2-core build machine under other work the p99 reaches 5 s), a 5xx, or any
// answer other than the one the call is loaded for: 200 for the read; for the
// sign-in, 200 with the code screen next (the demo employee has MFA on: each
// call starts a flow and sends the primary method's code). The sign-in rate
// limit and the code budgets are raised for this test, so that every call
// reaches the upstream instead of being answered 429 by the gateway alone.
//
// Memory: the gateway's RSS after each run at most 25% above its RSS after
// the warm-up (6 s of each call at the same 100 connections), the gateway
// running with the heap of its production container (AS_DEPLOYED: unbounded,
// V8 keeps growing its young generation with the request rate).
//
// RELIABILITY_LOAD_S (default 8) sets the seconds of each run, RELIABILITY_WARMUP_S
// (default 6) those of each warm-up. Both were 20 and 15: 72 s of the test
// command for the same verdicts (at 8 and 6 s the RSS grew 0.6–4.7% on
// 2026-11-29, the limit is 25%). A longer soak is `bench:memory`'s job.

import { randomUUID } from 'node:crypto';
import autocannon, { type Options, type Result } from 'autocannon';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AS_DEPLOYED,
  buildGateway,
  PASSWORD,
  rssMb,
  signIn,
  startGateway,
  startMock,
  stopAll,
  USER,
  waitFor,
} from '../bench/processes';

const CONNECTIONS = 100;
const DURATION_S = Number(process.env.RELIABILITY_LOAD_S ?? 8);
// Long enough for V8 to size its young generation to the load (Node 24 grows it
// under load; no flag caps it any more, docs/performance.md).
const WARMUP_S = Number(process.env.RELIABILITY_WARMUP_S ?? 6);
const TIMEOUT_S = 20;
const RSS_GROWTH = 1.25;

let gateway: string;
let metrics: string;
let gatewayPid: number;
let rssAfterWarmup: number;
const deviceId = randomUUID();
const calls: Record<'read' | 'signIn', Omit<Options, 'duration'>> = {} as never;

beforeAll(async () => {
  buildGateway();
  const [mockPort, gatewayPort, managementPort] = [
    await getPort(),
    await getPort(),
    await getPort(),
  ];
  metrics = `http://127.0.0.1:${managementPort}/metrics`;
  const mock = `http://127.0.0.1:${mockPort}`;
  gateway = `http://127.0.0.1:${gatewayPort}`;
  startMock(mockPort);
  const child = startGateway(gatewayPort, mock, {
    ...AS_DEPLOYED,
    MANAGEMENT_PORT: String(managementPort),
    RATE_LIMIT_SIGN_IN: '100000000',
    CODE_LIMIT_RECIPIENT: '100000000',
    CODE_LIMIT_ACCOUNT: '100000000',
  });
  gatewayPid = child.pid ?? 0;
  await Promise.all([waitFor(`${mock}/__dev/outbox?to=x`), waitFor(`${gateway}/healthz`)]);
  const { cookie, deviceCookie } = await signIn(gateway, mock, deviceId);
  calls.read = {
    url: `${gateway}/api/user`,
    connections: CONNECTIONS,
    timeout: TIMEOUT_S,
    headers: { cookie, 'x-device-id': deviceId },
  };
  calls.signIn = {
    url: `${gateway}/api/sign-in/password`,
    connections: CONNECTIONS,
    timeout: TIMEOUT_S,
    method: 'POST',
    // The sign-ins come from the same browser: its device cookie, no session.
    headers: { 'content-type': 'application/json', 'x-device-id': deviceId, cookie: deviceCookie },
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  };
  // The answers loaded for are what they should be.
  const read = await fetch(calls.read.url, { headers: calls.read.headers });
  expect(read.status).toBe(200);
  expect(JSON.stringify(await read.json())).toContain(USER);
  const first = await fetch(calls.signIn.url, {
    method: 'POST',
    headers: calls.signIn.headers,
    body: calls.signIn.body,
  });
  expect(first.status).toBe(200);
  expect(((await first.json()) as { next: string }).next).toBe('/mfa');

  // The sign-ins first: the calls of those autocannon leaves unanswered go on
  // upstream for seconds (password hashing) and hold account-API slots, which
  // a read phase right after would find taken (the cap sheds them, rightly).
  await autocannon({ ...calls.signIn, duration: WARMUP_S });
  await settled();
  await autocannon({ ...calls.read, duration: WARMUP_S });
  await settled();
  rssAfterWarmup = rssMb(gatewayPid);
}, 240_000);

afterAll(() => stopAll());

/**
 * Until the gateway has no client request in flight: autocannon ends a phase
 * by closing its connections, not by waiting for their answers.
 */
async function settled() {
  for (;;) {
    const text = await (await fetch(metrics)).text();
    const inFlight = text
      .split('\n')
      .filter((line) => line.startsWith('portal_http_requests_in_flight'))
      .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    if (inFlight === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function report(name: string, result: Result, expected: number) {
  const unexpected = Object.entries(result.statusCodeStats)
    .filter(([status]) => Number(status) !== expected)
    .reduce((n, [, { count }]) => n + count, 0);
  const failed = result.errors + result.timeouts + unexpected;
  const rss = rssMb(gatewayPid);
  const statuses = Object.entries(result.statusCodeStats)
    .map(([s, { count }]) => `${s}×${count}`)
    .join(' ');
  console.log(
    [
      `load ${name}: ${CONNECTIONS} connections, ${DURATION_S} s`,
      `  requests ${result.requests.total} (${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms), answers ${statuses}`,
      `  failed ${failed} (errors ${result.errors}, timeouts ${result.timeouts}, 5xx ${result['5xx']}, other unexpected ${unexpected - result['5xx']})`,
      `  gateway RSS after warm-up ${rssAfterWarmup.toFixed(1)} MB, after the run ${rss.toFixed(1)} MB (${((rss / rssAfterWarmup - 1) * 100).toFixed(1)}%, limit +${((RSS_GROWTH - 1) * 100).toFixed(0)}%)`,
    ].join('\n'),
  );
  return { failed, rss };
}

describe('the gateway under load', () => {
  it('answers a signed-in read 100 connections at a time, every one 200, its memory flat', async () => {
    await settled();
    const result = await autocannon({ ...calls.read, duration: DURATION_S });
    const { failed, rss } = report('GET /api/user (signed in)', result, 200);
    expect(result.requests.total).toBeGreaterThan(CONNECTIONS);
    expect(failed).toBe(0);
    expect(rss).toBeLessThanOrEqual(rssAfterWarmup * RSS_GROWTH);
  });

  it('answers the sign-in 100 connections at a time, every one the MFA step, its memory flat', async () => {
    await settled();
    const result = await autocannon({ ...calls.signIn, duration: DURATION_S });
    const { failed, rss } = report('POST /api/sign-in/password (sign-in)', result, 200);
    expect(result.requests.total).toBeGreaterThan(CONNECTIONS);
    expect(failed).toBe(0);
    expect(rss).toBeLessThanOrEqual(rssAfterWarmup * RSS_GROWTH);
  });
});
