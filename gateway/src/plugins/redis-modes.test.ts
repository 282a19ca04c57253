import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import {
  type RedisProcess,
  startCluster,
  startRedis,
  startReplica,
  startSentinels,
} from '../redis-processes';
import { apiHeaders, signIn, type TestStack, testStack, wrongPassword } from '../test-helpers';

/**
 * The rate limits on each Redis mode the gateway supports (standalone,
 * Sentinel, Cluster), with real Redis processes, and on the Redis a wrong
 * setting points at: a read-only replica, a cluster node that does not own
 * the key's slot. Wherever Redis cannot take the count, the limit still holds
 * (each gateway counts in its memory) and the operator is told: the gauge,
 * one log line, the count of decisions taken without Redis.
 */

let upstream: MockApp;
beforeAll(async () => {
  upstream = buildMockUpstream({ region: 'be' });
  await upstream.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await upstream?.app.close();
});

const stacks: TestStack[] = [];
afterAll(async () => {
  for (const stack of stacks.splice(0)) await stack.close();
});

/** A gateway on the mock account API, three sign-ins per client and window, its log lines kept. */
async function gateway(overrides: Partial<Config>) {
  const stack = await testStack({
    scope: 'caller',
    upstream,
    record: 'logs',
    config: { RATE_LIMIT_SIGN_IN: 3, ...overrides },
  });
  stacks.push(stack);
  return { app: stack.gateway, lines: stack.lines, stack };
}

/**
 * A wrong sign-in from `ip` (each test its own client, so its own budget):
 * its status, the gateway's limit being `429`; the account API's own lockout
 * (also a 429) is told apart as `'locked'`.
 */
const attempt = (app: FastifyInstance, ip: string, username = wrongPassword.username) =>
  app
    .inject({
      method: 'POST',
      url: '/api/sign-in/password',
      remoteAddress: ip,
      headers: apiHeaders(),
      payload: { ...wrongPassword, username },
    })
    .then((res) =>
      res.statusCode === 429 && res.json().code !== 'rate_limited' ? 'locked' : res.statusCode,
    );

/** Eight wrong sign-ins from one client, spread over `apps` in turn. */
async function eightAttempts(apps: FastifyInstance[], ip: string, username?: string) {
  const statuses: (number | string)[] = [];
  for (let i = 0; i < 8; i++) {
    statuses.push(await attempt(apps[i % apps.length] as FastifyInstance, ip, username));
  }
  return statuses;
}
const LIMITED = [400, 400, 400, 429, 429, 429, 429, 429];

const metrics = async (app: FastifyInstance) => (await app.management.inject('/metrics')).body;
const storeStatus = async (app: FastifyInstance) =>
  (await app.management.inject('/readyz')).json().store;
const downLines = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => String(line.msg).startsWith('redis unavailable'));

describe('REDIS_URL at a read-only replica', () => {
  let replica: RedisProcess;
  beforeAll(async () => {
    replica = await startReplica(await startRedis());
  });

  it('still answers 429 after the limit, counted in memory, and says Redis is down', async () => {
    const { app, lines } = await gateway({ REDIS_URL: replica.url });
    await expect.poll(() => downLines(lines).length).toBe(1);
    expect(await eightAttempts([app], '203.0.113.10')).toEqual(LIMITED);
    expect(downLines(lines)).toHaveLength(1);
    expect(downLines(lines)[0]?.reason).toMatch(/^READONLY/);
    const text = await metrics(app);
    expect(text).toContain('portal_redis_up 0');
    expect(text).toContain('portal_rate_limit_local_decisions_total{class="signIn"} 8');
    expect(await storeStatus(app)).toBe('unreachable');
    // The replica holds none of the counts.
    expect(await replica.client().dbsize()).toBe(0);
  });

  it('enforces its share of the budget when RATE_LIMIT_GATEWAYS says how many share it', async () => {
    // Six sign-ins per client across three gateways: two each while Redis cannot count.
    const { app } = await gateway({
      REDIS_URL: replica.url,
      RATE_LIMIT_SIGN_IN: 6,
      RATE_LIMIT_GATEWAYS: 3,
    });
    const statuses: (number | string)[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(await attempt(app, '203.0.113.11', 'weak@example.be'));
    expect(statuses).toEqual([400, 400, 429, 429]);
  });
});

describe('Redis Cluster', () => {
  let nodes: RedisProcess[];
  beforeAll(async () => {
    nodes = await startCluster(3);
  }, 60_000);

  it('REDIS_URL at a node that does not own the key: 429 after the limit, Redis down (MOVED)', async () => {
    const ip = '203.0.113.20';
    const key = `portal:rate-limit:{signIn:${ip}}`;
    const first = nodes[0]?.client();
    const slot = Number(await first?.cluster('KEYSLOT', key));
    const slots = (await first?.cluster('SLOTS')) ?? [];
    const ownerPort = slots.find(([from, to]) => slot >= from && slot <= to)?.[2]?.[1];
    const other = nodes.find((node) => node.port !== ownerPort) as RedisProcess;

    const { app, lines } = await gateway({ REDIS_URL: other.url });
    expect(await eightAttempts([app], ip, 'forced@example.be')).toEqual(LIMITED);
    expect(downLines(lines)).toHaveLength(1);
    const text = await metrics(app);
    expect(text).toContain('portal_redis_up 0');
    expect(text).toContain('portal_rate_limit_local_decisions_total{class="signIn"} 8');
    // Redis is not taken for back while the key's slot still answers MOVED.
    await expect.poll(() => downLines(lines)[0]?.reason).toMatch(/^MOVED/);
  });

  it('REDIS_CLUSTER_NODES: two gateways share one budget, in the node owning the key', async () => {
    const REDIS_CLUSTER_NODES = nodes.map((node) => ({ host: '127.0.0.1', port: node.port }));
    const a = await gateway({ REDIS_CLUSTER_NODES });
    const b = await gateway({ REDIS_CLUSTER_NODES });
    await expect.poll(() => storeStatus(a.app)).toBe('ok');
    await expect.poll(() => storeStatus(b.app)).toBe('ok');
    expect(await eightAttempts([a.app, b.app], '203.0.113.21', 'totp@example.be')).toEqual(LIMITED);
    expect(await metrics(a.app)).toContain('portal_redis_up 1');
    expect(await metrics(a.app)).not.toContain('portal_rate_limit_local_decisions_total{');
    expect(downLines(a.lines)).toEqual([]);
  });
});

describe('Redis Sentinel', () => {
  it('keeps a limit shared by two gateways through a failover, and every signed-in call answered', {
    timeout: 90_000,
  }, async () => {
    const password = 'sentinel-test-secret';
    const primary = await startRedis({ password });
    const replica = await startReplica(primary, password);
    const sentinels = await startSentinels(primary, 'portal', 3, password);
    const overrides = {
      REDIS_SENTINELS: sentinels.map((s) => ({ host: '127.0.0.1', port: s.port })),
      REDIS_SENTINEL_NAME: 'portal',
      REDIS_PASSWORD: password,
    };
    const a = await gateway(overrides);
    const b = await gateway(overrides);
    await expect.poll(() => storeStatus(a.app)).toBe('ok');
    await expect.poll(() => storeStatus(b.app)).toBe('ok');
    expect(await eightAttempts([a.app, b.app], '203.0.113.30', 'partner@example.be')).toEqual(
      LIMITED,
    );

    // Signed-in calls on both gateways, one after the other, all through the failover.
    const token = await signIn(a.stack, 'customer@example.be');
    const failures: string[] = [];
    const limited: (number | string)[] = [];
    let calls = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        for (const { app } of [a, b]) {
          const res = await app.inject({
            url: '/api/user',
            headers: apiHeaders(),
            cookies: { access_token: token },
          });
          calls++;
          if (res.statusCode !== 200) failures.push(`${res.statusCode} ${res.body}`);
          // A rate-limited call beside it: refused or let through, never failing.
          limited.push(await attempt(app, '203.0.113.32', 'duplicate@example.be'));
        }
      }
    })();

    await primary.kill();
    const sentinel = (sentinels[0] as RedisProcess).client();
    const primaryPort = async () =>
      ((await sentinel.call('SENTINEL', 'get-master-addr-by-name', 'portal')) as string[])[1];
    await expect.poll(primaryPort, { timeout: 30_000 }).toBe(String(replica.port));
    await expect.poll(() => storeStatus(a.app), { timeout: 15_000 }).toBe('ok');
    await expect.poll(() => storeStatus(b.app), { timeout: 15_000 }).toBe('ok');
    running = false;
    await load;
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(10);
    expect(limited).toContain(429);
    expect(limited.filter((status) => typeof status === 'number' && status >= 500)).toEqual([]);

    // Shared again, in the new primary: the sum of calls to the two is limited.
    expect(await eightAttempts([a.app, b.app], '203.0.113.31', 'sso@acme.example')).toEqual(
      LIMITED,
    );
    expect(await replica.client().exists('portal:rate-limit:{signIn:203.0.113.31}')).toBe(1);
    for (const { app, lines } of [a, b]) {
      expect(await metrics(app)).toContain('portal_redis_up 1');
      // One line when the primary went, one when the new one answered.
      expect(downLines(lines)).toHaveLength(1);
      expect(lines.filter((line) => String(line.msg).startsWith('redis available'))).toHaveLength(
        2,
      );
    }
  });
});
