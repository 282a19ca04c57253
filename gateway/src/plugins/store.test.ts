import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import {
  apiHeaders,
  freePort,
  signIn,
  stackOf,
  type TestStack,
  wrongPassword,
} from '../test-helpers';

/**
 * The store plugin with a real Redis (a container, testcontainers): the
 * connection every gateway shares, for the rate limits' counters only, and
 * the sessions' states, which are never in it.
 */

/** Redis, as the image scripts/ensure-docker.mjs builds where no registry can be reached. */
const redisImage = () =>
  new GenericContainer('redis:7-bookworm').withWaitStrategy(
    Wait.forLogMessage(/Ready to accept connections/),
  );

describe('several gateways, one Redis', () => {
  let redis: StartedTestContainer;
  let upstream: MockApp;
  const gateways: FastifyInstance[] = [];
  const deviceId = crypto.randomUUID();

  beforeAll(async () => {
    redis = await redisImage().withExposedPorts(6379).start();
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
    ...stackOf(gateways[i] as FastifyInstance, upstream),
    deviceId,
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

/**
 * Redis is an accelerator (docs/operations.md "Redis"): the rate limits'
 * counters live there, nothing a session needs. A real Redis with no
 * persistence is stopped and then started again empty, while an ordinary and
 * a weak-password session are open on two gateways.
 */
describe('Redis is an accelerator, not a dependency', () => {
  let port: number;
  let container: StartedTestContainer | undefined;

  async function startRedis() {
    // A new container each time: recreated, it starts empty (no volume, no
    // persistence); the host port stays the same, as a Redis service's
    // address does when its container is replaced.
    container = await redisImage()
      .withCommand(['redis-server', '--protected-mode', 'no', '--save', '', '--appendonly', 'no'])
      .withExposedPorts({ container: 6379, host: port })
      .start();
  }

  async function stopRedis() {
    await container?.stop({ timeout: 0 });
    container = undefined;
  }

  let upstream: MockApp;
  const gateways: FastifyInstance[] = [];
  let ordinary = '';
  let weak = '';

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    upstream = buildMockUpstream({ region: 'be' });
    const url = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const config = testConfig({
      UPSTREAM_BE_URL: url,
      UPSTREAM_LU_URL: url,
      REDIS_URL: `redis://127.0.0.1:${port}`,
    });
    for (let i = 0; i < 2; i++) gateways.push(await buildApp(config));
    ordinary = await signIn(
      stackOf(gateways[0] as FastifyInstance, upstream),
      'employee@example.be',
    );
    weak = await signIn(stackOf(gateways[0] as FastifyInstance, upstream), 'weak@example.be');
  }, 120_000);
  afterAll(async () => {
    for (const g of gateways) await g.close();
    await upstream?.app.close();
    await stopRedis();
  });

  const call = (gateway: FastifyInstance, url: string, token: string) =>
    gateway.inject({ url, headers: apiHeaders(), cookies: { access_token: token } });

  /** What an ordinary and a weak session get from each gateway: the signed-in calls the issue names. */
  async function expectSessionsServed() {
    for (const gateway of gateways) {
      for (const url of [
        '/api/mfa',
        '/api/sessions',
        '/api/mfa/status',
        '/api/user/notifications',
      ]) {
        const res = await call(gateway, url, ordinary);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        const locked = await call(gateway, url, weak);
        expect(locked.statusCode, url).toBe(403);
        expect(locked.json().code).toBe('weak_password');
      }
      expect((await call(gateway, '/api/user', weak)).statusCode).toBe(200);
    }
  }

  function upstreamUrl() {
    const address = upstream.app.server.address();
    return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  }

  it('serves both sessions, the weak one confined, with Redis up; counters under a fixed prefix', async () => {
    await expectSessionsServed();
    await gateways[0]?.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      remoteAddress: '2001:db8:5:6::1',
      headers: { host: 'be.localhost:3000', 'x-device-id': crypto.randomUUID() },
      payload: { username: 'employee@example.be' },
    });
    const redis = new Redis(port, '127.0.0.1');
    try {
      // The sign-ins above (code checks included), and the forgot call of an IPv6 /64.
      expect((await redis.keys('*')).sort()).toEqual([
        'portal-rate-limit:codes:127.0.0.1',
        'portal-rate-limit:forgot:2001:db8:5:6::/64',
        'portal-rate-limit:signIn:127.0.0.1',
      ]);
    } finally {
      redis.disconnect();
    }
  });

  it('keeps serving both, and the weak one confined, while Redis is stopped', {
    timeout: 60_000,
  }, async () => {
    await stopRedis();
    const ready = async () => (await gateways[0]?.management.inject({ url: '/readyz' }))?.json();
    await expect.poll(async () => (await ready()).store, { timeout: 15_000 }).toBe('unreachable');
    // Still ready: Redis answered once, and without it only the rate limits rest (they fail open).
    expect((await ready()).status).toBe('ok');
    expect((await gateways[0]?.management.inject({ url: '/metrics' }))?.body).toContain(
      'portal_redis_up 0',
    );
    await expectSessionsServed();
  });

  it('keeps the weak session confined on a gateway that never saw it, with Redis back but empty', {
    timeout: 90_000,
  }, async () => {
    await startRedis();
    await expect
      .poll(async () => (await gateways[1]?.management.inject({ url: '/readyz' }))?.json().store, {
        timeout: 15_000,
      })
      .toBe('ok');
    const redis = new Redis(port, '127.0.0.1');
    try {
      expect(await redis.dbsize()).toBe(0);
    } finally {
      redis.disconnect();
    }
    // A third gateway, started now: it knows the sessions only through the account API.
    const fresh = await buildApp(
      testConfig({
        UPSTREAM_BE_URL: upstreamUrl(),
        UPSTREAM_LU_URL: upstreamUrl(),
        REDIS_URL: `redis://127.0.0.1:${port}`,
      }),
    );
    gateways.push(fresh);
    await expectSessionsServed();
  });
});
