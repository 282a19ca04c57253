// At scale, for real (issue 37, item 7): three gateways (the production
// bundle, each its own process) behind Debian's HAProxy, sharing their limits
// through Redis behind Sentinel (a primary, a replica, three sentinels), both
// countries' account APIs the real mock. Under bounded load (a handful of
// signed-in clients reading /api/user, wrong sign-ins beside them):
//  1. the Redis primary is killed (SIGKILL): once the replica is promoted the
//     sign-in limit is shared again over the three gateways, and no
//     signed-in call failed meanwhile;
//  2. one gateway is killed (SIGKILL, the worst case): at most the requests
//     in flight at the kill fail, the others answer the rest.
// The figures (calls, failures, p50/p99, failover time) are printed in one
// block; docs/performance.md keeps them, dated.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMockUpstream } from '@portal/mock-upstream';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  gatewayDir,
  type SignedIn,
  signIn,
  startGateway,
  stopAll,
  USER,
} from '../bench/processes';
import {
  type RedisProcess,
  startRedis,
  startReplica,
  startSentinels,
} from '../src/redis-processes';

const GATEWAYS = 3;
/** Small and not a multiple of 3: shared, 4 pass; each gateway on its own share (2), 6 would. */
const SIGN_IN_LIMIT = 4;
const CLIENTS = 6;
/** Each client's pause between two reads: about 240 calls a second in all. */
const PACE_MS = 25;
const SENTINEL_NAME = 'portal';

const HAPROXY = ['/usr/sbin/haproxy', 'haproxy'].find(
  (bin) => spawnSync(bin, ['-v'], { stdio: 'ignore' }).status === 0,
);

const be = buildMockUpstream({ region: 'be' });
const lu = buildMockUpstream({ region: 'lu' });
const dir = mkdtempSync(join(tmpdir(), 'portal-scale-'));
let haproxy: ChildProcess | undefined;

afterAll(async () => {
  if (haproxy?.exitCode === null) {
    const exited = new Promise((resolve) => haproxy?.once('exit', resolve));
    haproxy.kill('SIGUSR1');
    await exited;
  }
  stopAll();
  await Promise.all([be.app.close(), lu.app.close()]);
  rmSync(dir, { recursive: true, force: true });
});

interface Gateway {
  child: ChildProcess;
  port: number;
  management: number;
}

/**
 * The documented HAProxy file (deploy/haproxy/portal.cfg, docs/operations.md
 * "Reverse proxy") with the test's addresses: plain HTTP on a free port
 * instead of TLS on 443 (TLS is not what is measured here), each gateway
 * health-checked on its own management port's `/readyz`.
 */
function haproxyConfig(lbPort: number, gateways: Gateway[]) {
  const documented = readFileSync(join(gatewayDir, '../deploy/haproxy/portal.cfg'), 'utf8');
  const replace = (text: string, from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`deploy/haproxy/portal.cfg no longer has "${from}"`);
    return text.replace(from, to);
  };
  let cfg = replace(
    documented,
    'bind :443 ssl crt /etc/haproxy/tls/account.pem alpn h2,http/1.1',
    `bind 127.0.0.1:${lbPort}`,
  );
  cfg = replace(cfg, '    bind :80\n', '');
  cfg = replace(cfg, '    http-request redirect scheme https code 301 unless { ssl_fc }\n', '');
  cfg = replace(
    cfg,
    '    server gateway1 10.0.1.11:3000 port 9000\n    server gateway2 10.0.1.12:3000 port 9000\n',
    gateways
      .map((g, i) => `    server gateway${i + 1} 127.0.0.1:${g.port} port ${g.management}\n`)
      .join(''),
  );
  const global = [
    'global',
    `    pidfile ${dir}/haproxy.pid`,
    '    log stderr format raw local0 notice',
    '',
  ].join('\n');
  return `${global}\n${cfg}`;
}

interface Answer {
  status: number;
  body: string;
  ms: number;
  /** When the call left and when its answer (or failure) came, Date.now(). */
  sent: number;
  done: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

/** One HTTP/1.1 call through the load balancer, from `from` (a loopback address: the client's IP). */
function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  const sent = Date.now();
  const answer = (status: number, body: string): Answer => ({
    status,
    body,
    ms: performance.now() - started,
    sent,
    done: Date.now(),
  });
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        headers: init.headers,
        ...(init.from ? { localAddress: init.from, agent: false } : { agent }),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve(answer(res.statusCode ?? 0, body)));
        res.on('error', (error) => resolve(answer(0, String(error))));
      },
    );
    // A connection reset or refused is a failed call, answered as status 0.
    req.on('error', (error) => resolve(answer(0, String(error))));
    req.end(init.body);
  });
}

/** A wrong sign-in from `from`: its status. */
async function wrongSignIn(lb: string, from: string) {
  const answer = await call(`${lb}/api/sign-in/password`, {
    method: 'POST',
    from,
    headers: { 'content-type': 'application/json', 'x-device-id': randomUUID() },
    body: JSON.stringify({ username: USER, password: 'not-the-password' }),
  });
  return answer.status;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** Signed-in readers: CLIENTS loops on GET /api/user, each pausing PACE_MS between calls. */
function readers(lb: string, session: SignedIn, deviceId: string) {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: CLIENTS }, async () => {
    while (running) {
      const answer = await call(`${lb}/api/user`, {
        headers: { cookie: session.cookie, 'x-device-id': deviceId },
      });
      answers.push(answer);
      await new Promise((resolve) => setTimeout(resolve, PACE_MS));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
      const failed = answers.filter((a) => a.status !== 200 || !a.body.includes(USER));
      const ms = answers.map((a) => a.ms);
      return {
        calls: answers.length,
        failed,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
      };
    },
  };
}

/** Resolves once `check` is true, polling every 50 ms, or fails after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const redisUp = async (g: Gateway) =>
  /^portal_redis_up 1$/m.test(
    await (await fetch(`http://127.0.0.1:${g.management}/metrics`)).text(),
  );

let lb: string;
let gateways: Gateway[];
let primary: RedisProcess;
let replica: RedisProcess;
let sentinels: RedisProcess[];
let beUrl: string;

beforeAll(async () => {
  if (!HAPROXY)
    throw new Error("haproxy is not installed: apt-get install haproxy (Debian 12's is 2.6)");
  buildGateway();
  primary = await startRedis();
  replica = await startReplica(primary);
  sentinels = await startSentinels(primary, SENTINEL_NAME, 3);
  beUrl = await be.app.listen({ port: 0, host: '127.0.0.1' });
  const luUrl = await lu.app.listen({ port: 0, host: '127.0.0.1' });
  const lbPort = await getPort();
  lb = `http://127.0.0.1:${lbPort}`;
  gateways = [];
  for (let i = 0; i < GATEWAYS; i++) {
    const port = await getPort();
    const management = await getPort();
    const child = startGateway(port, beUrl, {
      UPSTREAM_LU_URL: luUrl,
      // The address clients call: the load balancer's (TLS would end there: https).
      PUBLIC_ORIGIN_BE: `https://127.0.0.1:${lbPort}`,
      TRUST_PROXY: '127.0.0.1',
      MANAGEMENT_PORT: String(management),
      REDIS_SENTINELS: sentinels.map((s) => `127.0.0.1:${s.port}`).join(','),
      REDIS_SENTINEL_NAME: SENTINEL_NAME,
      RATE_LIMIT_GATEWAYS: String(GATEWAYS),
      RATE_LIMIT_SIGN_IN: String(SIGN_IN_LIMIT),
      LOG_LEVEL: 'error',
    });
    gateways.push({ child, port, management });
  }
  writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig(lbPort, gateways));
  haproxy = spawn(HAPROXY, ['-db', '-f', join(dir, 'haproxy.cfg')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  haproxy.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  haproxy.once('exit', (code) => {
    if (code) console.error(`haproxy stopped (${code}): ${stderr}`);
  });
  for (const g of gateways) {
    await until(
      `gateway on ${g.port} ready`,
      async () => (await fetch(`http://127.0.0.1:${g.management}/readyz`)).ok && redisUp(g),
      60_000,
    );
  }
  await until(
    'the load balancer answers',
    async () => (await call(`${lb}/api/config`)).status === 200,
  );
}, 120_000);

describe('three gateways behind HAProxy, Redis behind Sentinel', () => {
  it('keeps the sign-in limit shared through a Redis failover with no signed-in call failing, and loses at most the in-flight calls of a killed gateway', async () => {
    const deviceId = randomUUID();
    const session = await signIn(lb, beUrl, deviceId);

    // Shared before anything fails: SIGN_IN_LIMIT wrong sign-ins over the three, then 429.
    const before: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 2; i++) before.push(await wrongSignIn(lb, '127.0.0.2'));

    // 1. The Redis primary killed under load, wrong sign-ins beside the reads.
    const phase1 = readers(lb, session, deviceId);
    const beside: number[] = [];
    let besideRunning = true;
    const besideLoop = (async () => {
      while (besideRunning) {
        beside.push(await wrongSignIn(lb, '127.0.0.3'));
        await new Promise((resolve) => setTimeout(resolve, PACE_MS));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const sentinel = (sentinels[0] as RedisProcess).client();
    const killedAt = Date.now();
    await primary.kill('SIGKILL');
    await until('the replica promoted', async () => {
      const [, port] = (await sentinel.call(
        'SENTINEL',
        'get-master-addr-by-name',
        SENTINEL_NAME,
      )) as string[];
      return port === String(replica.port);
    });
    const promotedMs = Date.now() - killedAt;
    // Shared again: every gateway writes to the new primary.
    await until('every gateway on the new primary', async () => {
      const up = await Promise.all(gateways.map(redisUp));
      return up.every(Boolean);
    });
    const sharedAgainMs = Date.now() - killedAt;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    besideRunning = false;
    await besideLoop;
    const redisFigures = await phase1.stop();

    const after: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT + 2; i++) after.push(await wrongSignIn(lb, '127.0.0.4'));
    const counted = await replica.client().get('portal:rate-limit:{signIn:127.0.0.4}');

    // 2. One gateway killed under load.
    const phase2 = readers(lb, session, deviceId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const victim = gateways[GATEWAYS - 1] as Gateway;
    const exited = new Promise((resolve) => victim.child.once('exit', resolve));
    const gatewayKilledAt = Date.now();
    victim.child.kill('SIGKILL');
    await exited;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const gatewayFigures = await phase2.stop();
    // In flight at the kill: sent before it, answered after it (on any gateway: at most that many were the victim's).
    const inFlightAtKill = phase2.answers.filter(
      (a) => a.sent <= gatewayKilledAt && a.done >= gatewayKilledAt,
    ).length;
    const failedAfterKill = gatewayFigures.failed.filter((a) => a.sent > gatewayKilledAt);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      [
        `at scale: ${GATEWAYS} gateways behind HAProxy, Redis primary + replica + 3 sentinels, ${CLIENTS} signed-in clients (GET /api/user, ${PACE_MS} ms pause), RATE_LIMIT_SIGN_IN=${SIGN_IN_LIMIT}`,
        `  Redis primary SIGKILL: ${redisFigures.calls} calls, ${redisFigures.failed.length} failed, p50 ${ms(redisFigures.p50)}, p99 ${ms(redisFigures.p99)}`,
        `    replica promoted ${promotedMs} ms after the kill, all gateways on it ${sharedAgainMs} ms after`,
        `    wrong sign-ins beside: ${beside.length} (${beside.filter((s) => s === 429).length} refused 429, ${beside.filter((s) => s >= 500 || s === 0).length} failed)`,
        `    limit after failover: ${after.filter((s) => s !== 429).length} of ${after.length} let through, then 429 (counter in the new primary: ${counted})`,
        `  gateway SIGKILL: ${gatewayFigures.calls} calls, ${gatewayFigures.failed.length} failed (${inFlightAtKill} in flight at the kill, ${failedAfterKill.length} of the failures sent after it), p50 ${ms(gatewayFigures.p50)}, p99 ${ms(gatewayFigures.p99)}`,
      ].join('\n'),
    );

    const limited = [...Array(SIGN_IN_LIMIT).fill('let through'), 429, 429];
    const shape = (statuses: number[]) =>
      statuses.map((s) => (s === 429 ? 429 : s > 0 && s < 500 ? 'let through' : s));
    expect(shape(before)).toEqual(limited);
    expect(redisFigures.failed.map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    expect(redisFigures.calls).toBeGreaterThan(200);
    expect(beside.filter((s) => s >= 500 || s === 0)).toEqual([]);
    expect(beside).toContain(429);
    expect(shape(after)).toEqual(limited);
    expect(counted).toBe(String(SIGN_IN_LIMIT + 2));
    expect(failedAfterKill.map((a) => `${a.status} ${a.body.slice(0, 200)}`)).toEqual([]);
    expect(gatewayFigures.failed.length).toBeLessThanOrEqual(inFlightAtKill);
    expect(gatewayFigures.calls).toBeGreaterThan(200);
  }, 60_000);
});
