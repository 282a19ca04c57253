import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import type { FastifyInstance } from 'fastify';
import getPort from 'get-port';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testConfig } from '../config';
import { type RedisProcess, startRedis } from '../redis-processes';
import {
  apiHeaders,
  newDeviceCookie,
  signIn,
  type TestStack,
  testStack,
  wrongPassword,
} from '../test-helpers';
import { SharedStore } from './store';

/**
 * The store plugin with a real Redis (Debian's redis-server, started here):
 * the connection every gateway shares, for the rate limits' counters and the
 * journeys' key-value state, and the sessions' states, which are never in it.
 */

describe('several gateways, one Redis', () => {
  let redis: RedisProcess;
  let upstream: MockApp;
  const stacks: TestStack[] = [];
  const gateways: FastifyInstance[] = [];
  const deviceId = crypto.randomUUID();

  beforeAll(async () => {
    redis = await startRedis();
    upstream = buildMockUpstream({ region: 'be' });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const config = { REDIS_URL: redis.url, RATE_LIMIT_SIGN_IN: 4 };
    for (let i = 0; i < 2; i++) stacks.push(await testStack({ scope: 'caller', upstream, config }));
    gateways.push(...stacks.map((s) => s.gateway));
  }, 120_000);
  afterAll(async () => {
    for (const s of stacks) await s.close();
    await upstream?.app.close();
  });

  const attempt = (gateway: FastifyInstance, ip: string, username = wrongPassword.username) =>
    gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      remoteAddress: ip,
      headers: { host: 'be.localhost:3000', 'x-device-id': deviceId },
      payload: { ...wrongPassword, username },
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
    ...(stacks[i] as TestStack),
    deviceId,
    deviceCookie: newDeviceCookie(),
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

  it('counts in each gateway while Redis is away: a new window, this gateway alone', async () => {
    const probe = async () =>
      (await gateways[0]?.management.inject({ url: '/readyz' }))?.json().store;
    expect(await probe()).toBe('ok');
    await redis.kill();
    await expect.poll(probe).toBe('unreachable');
    const res = await gateways[0]?.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      remoteAddress: '198.51.100.4',
      headers: { host: 'be.localhost:3000', 'x-device-id': deviceId },
      // Another account: the one above is locked by the upstream by now.
      payload: { ...wrongPassword, username: 'totp@example.be' },
    });
    if (!res) throw new Error('no gateway');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid username/password.');
    // Four in all on this gateway, then it refuses on its own.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await attempt(gateways[0] as FastifyInstance, '198.51.100.4', 'customer@example.be'))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect((await gateways[0]?.management.inject({ url: '/metrics' }))?.body).toContain(
      'portal_rate_limit_local_decisions_total{class="signIn"} 5',
    );
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
  let redis: RedisProcess | undefined;

  async function startAgain() {
    // A new process each time: it starts empty (no persistence), on the same
    // port, as a Redis service's address stays when its server is replaced.
    redis = await startRedis({ port });
  }

  async function stopRedis() {
    await redis?.kill();
    redis = undefined;
  }

  let upstream: MockApp;
  const stacks: TestStack[] = [];
  const gateways: FastifyInstance[] = [];
  let ordinary = '';
  let weak = '';

  beforeAll(async () => {
    port = await getPort();
    await startAgain();
    upstream = buildMockUpstream({ region: 'be' });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    const config = { REDIS_URL: `redis://127.0.0.1:${port}` };
    for (let i = 0; i < 2; i++) stacks.push(await testStack({ scope: 'caller', upstream, config }));
    gateways.push(...stacks.map((s) => s.gateway));
    ordinary = await signIn(stacks[0] as TestStack, 'employee@example.be');
    weak = await signIn(stacks[0] as TestStack, 'weak@example.be');
  }, 120_000);
  afterAll(async () => {
    for (const s of stacks) await s.close();
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

  it('serves both sessions, the weak one confined, with Redis up; counters under a fixed prefix, hash-tagged', async () => {
    await expectSessionsServed();
    await gateways[0]?.inject({
      method: 'POST',
      url: '/api/recovery/start',
      remoteAddress: '2001:db8:5:6::1',
      headers: { host: 'be.localhost:3000', 'x-device-id': crypto.randomUUID() },
      payload: { by: 'email', login: 'employee@example.be' },
    });
    // The sign-ins above (code checks included), and the forgot call of an IPv6 /64:
    // each class's counter per client, hash-tagged.
    const keys = (await redis?.client().keys('portal:rate-limit:*'))?.sort() ?? [];
    expect(keys.filter((key) => !key.includes('{code-'))).toEqual([
      'portal:rate-limit:{codes:127.0.0.1}',
      'portal:rate-limit:{forgot:2001:db8:5:6::/64}',
      'portal:rate-limit:{signIn:127.0.0.1}',
    ]);
    // The codes' budgets per recipient and account: hashed, never an address in clear.
    for (const key of keys.filter((k) => k.includes('{code-'))) {
      expect(key).toMatch(/^portal:rate-limit:\{code-(recipient|account):[\w-]+\}$/);
    }
  });

  it('keeps serving both, and the weak one confined, while Redis is stopped', {
    timeout: 60_000,
  }, async () => {
    await stopRedis();
    const ready = async () => (await gateways[0]?.management.inject({ url: '/readyz' }))?.json();
    await expect.poll(async () => (await ready()).store, { timeout: 15_000 }).toBe('unreachable');
    // Still ready: Redis answered once, and without it the rate limits are in each gateway.
    expect((await ready()).status).toBe('ok');
    expect((await gateways[0]?.management.inject({ url: '/metrics' }))?.body).toContain(
      'portal_redis_up 0',
    );
    await expectSessionsServed();
  });

  it('keeps the weak session confined on a gateway that never saw it, with Redis back but empty', {
    timeout: 90_000,
  }, async () => {
    await startAgain();
    await expect
      .poll(async () => (await gateways[1]?.management.inject({ url: '/readyz' }))?.json().store, {
        timeout: 15_000,
      })
      .toBe('ok');
    expect(await redis?.client().keys('portal:rate-limit:*')).toEqual([]);
    // A third gateway, started now: it knows the sessions only through the account API.
    const fresh = await testStack({
      scope: 'caller',
      upstream,
      config: { REDIS_URL: `redis://127.0.0.1:${port}` },
    });
    stacks.push(fresh);
    gateways.push(fresh.gateway);
    await expectSessionsServed();
  });
});

/**
 * The typed key-value store with a time to live that journeys keep their
 * flows in: in Redis when one is configured (any gateway finds a value), in
 * the process's memory without one or while it is down.
 */
describe('the shared key-value store', () => {
  type Flow = { step: string; tries: number };
  const storeOf = (overrides: Parameters<typeof testConfig>[0] = {}) => {
    const store = new SharedStore(testConfig(overrides), pino({ level: 'silent' }), new Registry());
    onTestFinished(() => store.close());
    return store;
  };

  it('keeps, expires, takes once and deletes values in memory without Redis', async () => {
    const flows = storeOf().keyValue<Flow>('flow');
    await flows.set('a', { step: 'password', tries: 1 }, 60_000);
    await flows.set('short', { step: 'code', tries: 0 }, 1);
    expect(await flows.get('a')).toEqual({ step: 'password', tries: 1 });
    await expect.poll(() => flows.get('short')).toBeUndefined();
    expect(await flows.take('a')).toEqual({ step: 'password', tries: 1 });
    expect(await flows.take('a')).toBeUndefined();
    await flows.set('b', { step: 'code', tries: 2 }, 60_000);
    await flows.delete('b');
    expect(await flows.get('b')).toBeUndefined();
  });

  it('shares values between gateways through Redis, with their time to live; in memory while it is down', {
    timeout: 30_000,
  }, async () => {
    const redis = await startRedis();
    const one = storeOf({ REDIS_URL: redis.url });
    const two = storeOf({ REDIS_URL: redis.url });
    await expect.poll(() => one.up() && two.up()).toBe(true);
    const [a, b] = [one.keyValue<Flow>('flow'), two.keyValue<Flow>('flow')];
    await a.set('f1', { step: 'mfa', tries: 0 }, 30_000);
    expect(await b.get('f1')).toEqual({ step: 'mfa', tries: 0 });
    const ttl = await redis.client().pttl('portal:flow:{f1}');
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    // Taken once, whichever gateway asks first.
    const taken = await Promise.all([a.take('f1'), b.take('f1')]);
    expect(taken.filter(Boolean)).toEqual([{ step: 'mfa', tries: 0 }]);

    await redis.kill();
    await expect.poll(() => one.up()).toBe(false);
    await a.set('f2', { step: 'password', tries: 1 }, 30_000);
    // The gateway that wrote it still has it; another cannot, Redis being away.
    expect(await a.get('f2')).toEqual({ step: 'password', tries: 1 });
    expect(await b.get('f2')).toBeUndefined();
  });
});
