import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { GenericContainer, type StartedTestContainer, Wait } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { apiHeaders, freePort, newDeviceCookie, signIn, type TestStack } from './test-helpers';

/**
 * Redis is an accelerator (docs/operations.md "Redis"): the rate limits'
 * counters live there, nothing a session needs. A real Redis (a container,
 * testcontainers) with no persistence is stopped and then started again empty, while an
 * ordinary and a weak-password session are open on two gateways.
 */
let port: number;
let container: StartedTestContainer | undefined;

async function startRedis() {
  // A new container each time: recreated, it starts empty (no volume, no
  // persistence). The image is the one scripts/ensure-docker.mjs builds where
  // no registry can be reached; the host port stays the same, as a Redis
  // service's address does when its container is replaced.
  container = await new GenericContainer('redis:7-bookworm')
    .withCommand(['redis-server', '--protected-mode', 'no', '--save', '', '--appendonly', 'no'])
    .withExposedPorts({ container: 6379, host: port })
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
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
  const browser = (gateway: FastifyInstance): TestStack => ({
    gateway,
    be: upstream,
    lu: upstream,
    deviceId: crypto.randomUUID(),
    deviceCookie: newDeviceCookie(),
    close: async () => {},
  });
  ordinary = await signIn(browser(gateways[0] as FastifyInstance), 'employee@example.be');
  weak = await signIn(browser(gateways[0] as FastifyInstance), 'weak@example.be');
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
    for (const url of ['/api/mfa', '/api/sessions', '/api/mfa/status', '/api/user/notifications']) {
      const res = await call(gateway, url, ordinary);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      const locked = await call(gateway, url, weak);
      expect(locked.statusCode, url).toBe(403);
      expect(locked.json().code).toBe('weak_password');
    }
    expect((await call(gateway, '/api/user', weak)).statusCode).toBe(200);
  }
}

describe('Redis is an accelerator, not a dependency', () => {
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

function upstreamUrl() {
  const address = upstream.app.server.address();
  return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
}
