import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type Config, testConfig } from './config';
import { browserHeaders, DEMO_PASSWORD, newDeviceCookie, type TestStack } from './test-helpers';

/** A loopback HTTP server that keeps each request's headers and body and answers `answer`. */
async function recorder(answer: string, contentType = 'application/json') {
  const requests: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(200, { 'content-type': contentType }).end(answer);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { requests, url, close: () => new Promise((r) => server.close(r)) };
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/**
 * A gateway on one mock account API that records the headers of every call
 * it gets, writing its log lines into `lines`.
 */
async function gatewayWith(overrides: Partial<Config> = {}) {
  const upstream: MockApp = buildMockUpstream({ region: 'be' });
  const calls: { call: string; headers: IncomingHttpHeaders }[] = [];
  upstream.app.addHook('onRequest', async (request) => {
    calls.push({ call: `${request.method} ${request.url}`, headers: request.headers });
  });
  /** The headers of the last sign-in call (others, like a sign-in's own account lookup, run beside). */
  const lastSignIn = () => calls.findLast((c) => c.call === 'POST /token')?.headers;
  const url = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  const lines: Record<string, unknown>[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const gateway = await buildApp(
    testConfig({ UPSTREAM_BE_URL: url, UPSTREAM_LU_URL: url, LOG_LEVEL: 'info', ...overrides }),
    { logStream },
  );
  cleanups.push(async () => {
    await gateway.close();
    await upstream.app.close();
  });
  const stack: TestStack = {
    gateway,
    be: upstream,
    lu: upstream,
    deviceId: crypto.randomUUID(),
    deviceCookie: newDeviceCookie(),
    close: async () => {},
  };
  return { gateway, upstream, lastSignIn, lines, stack };
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

function signIn(
  gateway: FastifyInstance,
  stack: TestStack,
  password: string,
  extra: Record<string, string> = {},
) {
  return gateway.inject({
    method: 'POST',
    url: '/api/token',
    headers: { ...browserHeaders(stack), ...extra },
    payload: { grant_type: 'password', username: 'customer@example.be', password },
  });
}

// The first gateway with tracing loads the OTLP exporter: seconds on a busy machine.
describe('trace context', { timeout: 20_000 }, () => {
  it('continues an incoming sampled trace: its trace id reaches the account API, through a gateway span', async () => {
    const collector = await recorder('', 'application/x-protobuf');
    cleanups.push(collector.close);
    const { gateway, lastSignIn, stack } = await gatewayWith({
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    });
    const res = await signIn(gateway, stack, DEMO_PASSWORD, {
      traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
    });
    expect(res.statusCode).toBe(200);
    const sent = String(lastSignIn()?.traceparent);
    const [version, traceId, parentId, flags] = sent.split('-');
    expect([version, traceId, flags]).toEqual(['00', TRACE_ID, '01']);
    // The account API's parent is the gateway's own call span, not the caller's.
    expect(parentId).toMatch(/^[0-9a-f]{16}$/);
    expect(parentId).not.toBe(PARENT_ID);
    // The sampled spans are exported (OTLP over HTTP, protobuf) when the gateway stops.
    await gateway.close();
    const exported = Buffer.concat(collector.requests.map((r) => r.body));
    expect(collector.requests[0]?.headers['content-type']).toBe('application/x-protobuf');
    expect(exported.includes(Buffer.from(TRACE_ID, 'hex'))).toBe(true);
    expect(exported.includes(Buffer.from('POST /api/token'))).toBe(true);
    expect(exported.includes(Buffer.from('POST /token'))).toBe(true);
  });

  it('samples no new trace by default (rate 0), yet gives the account API one trace id per request', async () => {
    const collector = await recorder('', 'application/x-protobuf');
    cleanups.push(collector.close);
    const { gateway, lastSignIn, stack } = await gatewayWith({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    });
    expect((await signIn(gateway, stack, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(String(lastSignIn()?.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    await gateway.close();
    expect(collector.requests).toEqual([]);
  });

  it('with tracing off, passes a caller’s traceparent on to the account API as it came, and none of its own', async () => {
    const { gateway, lastSignIn, stack } = await gatewayWith();
    const traceparent = `00-${TRACE_ID}-${PARENT_ID}-01`;
    expect((await signIn(gateway, stack, DEMO_PASSWORD, { traceparent })).statusCode).toBe(200);
    expect(lastSignIn()?.traceparent).toBe(traceparent);
    expect((await signIn(gateway, stack, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(lastSignIn()?.traceparent).toBeUndefined();
    // A malformed one is not passed on.
    await signIn(gateway, stack, DEMO_PASSWORD, { traceparent: 'not-a-trace' });
    expect(lastSignIn()?.traceparent).toBeUndefined();
  });

  it('sends no trace context to the captcha verifier', async () => {
    const verifier = await recorder(JSON.stringify({ success: true }));
    cleanups.push(verifier.close);
    const { gateway, lastSignIn, stack } = await gatewayWith({
      OTEL_TRACES_EXPORTER: 'console',
      OTEL_TRACES_SAMPLER: 'parentbased_always_off',
      CAPTCHA_SITE_KEY: 'site-key',
      CAPTCHA_SECRET: 'the-captcha-secret',
      CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify`,
    });
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: { ...browserHeaders(stack), traceparent: `00-${TRACE_ID}-${PARENT_ID}-00` },
      payload: {
        grant_type: 'password',
        username: 'customer@example.be',
        password: DEMO_PASSWORD,
        captcha: 'a-token',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(verifier.requests).toHaveLength(1);
    expect(verifier.requests[0]?.headers.traceparent).toBeUndefined();
    expect(String(lastSignIn()?.traceparent)).toContain(TRACE_ID);
  });
});

describe('security events', () => {
  it('writes sign_in.failed with the request id, client and hashed username, and no secret', async () => {
    const { gateway, lines, stack } = await gatewayWith();
    const wrong = 'Wrong-Password-123';
    const res = await signIn(gateway, stack, wrong);
    expect(res.statusCode).toBe(400);
    const events = lines.filter((l) => l.event);
    expect(events).toEqual([
      expect.objectContaining({
        event: 'sign_in.failed',
        msg: 'security event',
        reqId: res.headers['x-request-id'],
        client: '127.0.0.1',
        username: expect.stringMatching(/^[\w-]{43}$/),
      }),
    ]);
    const log = JSON.stringify(lines);
    expect(log).not.toContain(wrong);
    expect(log).not.toContain('customer@example.be');
  });

  it('writes sign_in.succeeded with the hashed account id, the same on every gateway', async () => {
    const first = await gatewayWith({ EVENT_HASH_KEY: 'a-key-of-sixteen-chars' });
    const second = await gatewayWith({ EVENT_HASH_KEY: 'a-key-of-sixteen-chars' });
    const accounts: unknown[] = [];
    for (const { gateway, lines, stack } of [first, second]) {
      const res = await signIn(gateway, stack, DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      const token = res.cookies.find((c) => c.name === 'access_token')?.value ?? '';
      await expect.poll(() => lines.find((l) => l.event === 'sign_in.succeeded')).toBeTruthy();
      const event = lines.find((l) => l.event === 'sign_in.succeeded');
      expect(event).toMatchObject({ reqId: res.headers['x-request-id'], client: '127.0.0.1' });
      expect(JSON.stringify(lines)).not.toContain(token);
      accounts.push(event?.account);
    }
    expect(accounts[0]).toMatch(/^[\w-]{43}$/);
    expect(accounts[1]).toBe(accounts[0]);
  });

  it('counts sign-in outcomes and writes sign_in.locked once the account API locks the account', async () => {
    const { gateway, lines, stack } = await gatewayWith();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signIn(gateway, stack, `Wrong-${i}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(lines.filter((l) => l.event === 'sign_in.locked').length).toBeGreaterThan(0);
    const metrics = (await gateway.management.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/portal_sign_ins_total\{outcome="refused"\} [1-5]/);
    expect(metrics).toMatch(/portal_sign_ins_total\{outcome="locked"\} [1-6]/);
  });
});

describe('proxies and clients', () => {
  it('warns once, naming the address, when X-Forwarded-For comes from a hop TRUST_PROXY does not list', async () => {
    const { gateway, lines } = await gatewayWith({ TRUST_PROXY: ['127.0.0.1'] });
    const call = (from: string) =>
      gateway.inject({
        url: '/api/config',
        remoteAddress: from,
        headers: { 'x-forwarded-for': '198.51.100.9' },
      });
    await call('172.17.0.1');
    await call('172.17.0.1');
    await call('127.0.0.1');
    const warnings = lines.filter((l) => String(l.msg).startsWith('X-Forwarded-For from'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ address: '172.17.0.1', level: 40 });
    expect(String(warnings[0]?.msg)).toContain('TRUST_PROXY');
  });

  it('takes X-Request-ID from a trusted proxy only', async () => {
    const { gateway } = await gatewayWith({ TRUST_PROXY: ['10.0.0.2'] });
    const id = (from: string) =>
      gateway
        .inject({ url: '/healthz', remoteAddress: from, headers: { 'x-request-id': 'lb-7' } })
        .then((r) => r.headers['x-request-id']);
    expect(await id('10.0.0.2')).toBe('lb-7');
    expect(await id('203.0.113.5')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('limits IPv6 clients per /64, and counts the refusals by class', async () => {
    const { gateway, stack } = await gatewayWith({ RATE_LIMIT_SIGN_IN: 2 });
    const attempt = (ip: string) =>
      gateway
        .inject({
          method: 'POST',
          url: '/api/token',
          remoteAddress: ip,
          headers: browserHeaders(stack),
          payload: { grant_type: 'password', username: 'nobody@example.be', password: 'x' },
        })
        .then((r) => r.statusCode);
    expect(await attempt('2001:db8:1:2::a')).toBe(400);
    expect(await attempt('2001:db8:1:2:ffff::b')).toBe(400);
    expect(await attempt('2001:db8:1:2::c')).toBe(429);
    expect(await attempt('2001:db8:1:3::a')).toBe(400);
    const metrics = (await gateway.management.inject({ url: '/metrics' })).body;
    expect(metrics).toContain('portal_rate_limit_refusals_total{class="signIn"} 1');
  });
});
