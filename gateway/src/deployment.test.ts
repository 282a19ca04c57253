import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import type { FastifyInstance } from 'fastify';
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import {
  apiHeaders,
  browserHeaders,
  DEMO_PASSWORD,
  newDeviceCookie,
  signIn,
  startStack,
  type TestStack,
} from './test-helpers';

const wrongPassword = {
  grant_type: 'password',
  username: 'employee@example.be',
  password: 'not-the-password-1',
};

describe('several gateways, one Redis', () => {
  let redis: StartedTestContainer;
  let upstream: MockApp;
  const gateways: FastifyInstance[] = [];
  const deviceId = crypto.randomUUID();

  beforeAll(async () => {
    // The image scripts/ensure-docker.mjs builds where no registry can be reached.
    redis = await new GenericContainer('redis:7-bookworm')
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .start();
    upstream = buildMockUpstream({ region: 'be' });
    const upstreamUrl = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const config = testConfig({
      UPSTREAM_BE_URL: upstreamUrl,
      UPSTREAM_LU_URL: upstreamUrl,
      REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      RATE_LIMIT_SIGN_IN: 4,
    });
    for (let i = 0; i < 2; i++) gateways.push(await buildApp(config));
  }, 120_000);
  afterAll(async () => {
    for (const g of gateways) await g.close();
    await upstream?.app.close();
    await redis?.stop().catch(() => {});
  });

  const attempt = (gateway: FastifyInstance, ip: string) =>
    gateway.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: ip,
      headers: { host: 'be.localhost:3000', 'x-device-id': deviceId },
      payload: wrongPassword,
    });

  it('holds the sign-in limit across both: the sum of calls to the two is limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await attempt(gateways[i % 2] as FastifyInstance, '198.51.100.4')).statusCode);
    }
    // Four calls allowed in all (two on each gateway), then both refuse.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    // Another client still has its whole budget.
    expect((await attempt(gateways[1] as FastifyInstance, '198.51.100.5')).statusCode).toBe(400);
  });

  /** The helpers' browser, signing in through gateway `i`. */
  const browserAt = (i: number): TestStack => ({
    gateway: gateways[i] as FastifyInstance,
    be: upstream,
    lu: upstream,
    deviceId,
    deviceCookie: newDeviceCookie(),
    close: async () => {},
  });
  let weakToken = '';
  const sessionsCall = (gateway: FastifyInstance) =>
    gateway.inject({
      url: '/api/sessions',
      headers: apiHeaders('be.localhost:3000'),
      cookies: { access_token: weakToken },
    });

  it('keeps a weak sign-in locked down on every gateway: each asks the account API', async () => {
    weakToken = await signIn(browserAt(0), 'weak@example.be');
    for (const gateway of gateways) {
      const res = await sessionsCall(gateway);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('weak_password');
    }
  });

  it('fails open while Redis is away: calls go on (the upstream still locks accounts)', async () => {
    const probe = async () =>
      (await gateways[0]?.management.inject({ url: '/readyz' }))?.json().store;
    expect(await probe()).toBe('ok');
    await redis.stop();
    await expect.poll(probe).toBe('unreachable');
    const res = await gateways[0]?.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: '198.51.100.4',
      headers: { host: 'be.localhost:3000', 'x-device-id': deviceId },
      // Another account: the one above is locked by the upstream by now.
      payload: { ...wrongPassword, username: 'totp@example.be' },
    });
    if (!res) throw new Error('no gateway');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid username/password.');
  });

  it('keeps the weak-password lockdown while Redis is away, and nothing else refused', async () => {
    // Redis was stopped by the test above. The weak state is the account API's, not Redis's.
    const res = await sessionsCall(gateways[1] as FastifyInstance);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('weak_password');
    // Reading the user needs no state: the weak-password screen still loads.
    const user = await (gateways[1] as FastifyInstance).inject({
      url: '/api/user',
      headers: apiHeaders('be.localhost:3000'),
      cookies: { access_token: weakToken },
    });
    expect(user.statusCode).toBe(200);
  });
});

describe('behind a proxy (TRUST_PROXY=10.0.0.2)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack({ TRUST_PROXY: ['10.0.0.2'], RATE_LIMIT_SIGN_IN: 2 });
  });
  afterAll(() => stack.close());

  /** A call as the proxy at 10.0.0.2 passes it on: it appends the address it saw. */
  const viaProxy = (clientSays: string | undefined, seenByProxy: string) =>
    stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: '10.0.0.2',
      headers: {
        ...browserHeaders(stack),
        'x-forwarded-for': clientSays ? `${clientSays}, ${seenByProxy}` : seenByProxy,
      },
      payload: wrongPassword,
    });

  it('keys the rate limit on the address the proxy saw, whatever the client wrote before it', async () => {
    const statuses = [];
    for (const forged of [undefined, '203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      statuses.push((await viaProxy(forged, '192.0.2.50')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 429, 429]);
  });

  it('tells the upstream, and so the security history, the address the proxy saw', async () => {
    // An upstream that records the client address each call names.
    const seen: string[] = [];
    const upstream = buildMockUpstream({ region: 'be' });
    upstream.app.addHook('onRequest', async (request) => {
      seen.push(String(request.headers['x-forwarded-for']));
    });
    const url = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const gateway = await buildApp(
      testConfig({ UPSTREAM_BE_URL: url, UPSTREAM_LU_URL: url, TRUST_PROXY: ['10.0.0.2'] }),
    );
    try {
      const res = await gateway.inject({
        method: 'POST',
        url: '/api/token',
        remoteAddress: '10.0.0.2',
        headers: { ...browserHeaders(stack), 'x-forwarded-for': '203.0.113.66, 192.0.2.77' },
        payload: {
          grant_type: 'password',
          username: 'customer@example.be',
          password: DEMO_PASSWORD,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(seen.at(-1)).toBe('192.0.2.77');
    } finally {
      await gateway.close();
      await upstream.app.close();
    }
  });
});

describe('public origins', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  /** A sign-in call as a browser at `host` whose page is at `origin` sends it. */
  const signInAt = (host: string, origin: string, payload: object = wrongPassword) =>
    stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: { ...browserHeaders(stack, host), origin },
      payload,
    });

  it('answers a Host it is not configured for with 421: a page for a browser, JSON for a call', async () => {
    const page = await stack.gateway.inject({
      url: '/login/email',
      headers: { host: 'portal.evil.example', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(421);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('http://be.localhost:3000');
    expect(page.headers['set-cookie']).toBeUndefined();

    const call = await signInAt('portal.evil.example', 'http://portal.evil.example');
    expect(call.statusCode).toBe(421);
    expect(call.json().code).toBe('misdirected');
  });

  it('answers the health probes on any Host (they address the container)', async () => {
    const res = await stack.gateway.inject({
      url: '/healthz',
      headers: { host: '172.17.0.5:3000' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('takes the same-origin rule from the configured origin, not from Host', async () => {
    // The browser's Origin is the Host it asked for, but that is not the configured origin's scheme.
    const res = await signInAt('account.example.be', 'http://account.example.be');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
    const ok = await signInAt('account.example.be', 'https://account.example.be');
    expect(ok.statusCode).toBe(400);
  });

  it('builds the identity-provider redirect_uri from the configured origin', async () => {
    const res = await stack.gateway.inject({
      url: '/api/sso/microsoft/login?login_hint=sso%40acme.example',
      headers: apiHeaders('account.example.be'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const target = new URL(res.json().redirect);
    // The mock's identity provider sends the browser straight back to the redirect_uri it was given.
    expect(`${target.origin}${target.pathname}`).toBe(
      'https://account.example.be/sso/microsoft/login/callback',
    );
  });

  it('gives secure cookies whenever the origin is HTTPS, whatever the hop said', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: { ...browserHeaders(stack, 'account.example.be'), 'x-forwarded-proto': 'http' },
      payload: { ...wrongPassword, username: 'customer@example.be', password: 'Portal-Demo-2026!' },
    });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ secure: true, domain: 'example.be', httpOnly: true });
  });
});

describe('real files at real paths', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('serves robots.txt that keeps every page out of search engines, and security.txt', async () => {
    const robots = await stack.gateway.inject({
      url: '/robots.txt',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /');
    const security = await stack.gateway.inject({
      url: '/.well-known/security.txt',
      headers: apiHeaders('account.example.be'),
    });
    expect(security.body).toMatch(/^Contact: /m);
    expect(security.body).toContain(
      'Canonical: https://account.example.be/.well-known/security.txt',
    );
  });
});
