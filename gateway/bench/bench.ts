// `pnpm bench`: GET /api/user through the gateway versus GET /user straight to
// the mock upstream, same run, same connections. The mock and the gateway run
// as child processes (the gateway's peak RSS is its own), with their default
// configuration; the signed-in user completes MFA through the dev outbox.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { GATEWAY_NODE_FLAGS } from '../build.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = 3;
const BUDGET = { ratio: 0.6, addedP99Ms: 5, rssMb: 150 };
const USER = 'employee@example.be';
const PASSWORD = 'Portal-Demo-2026!';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
const mockDir = fileURLToPath(new URL('../../mock-upstream', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];
/**
 * The mock runs from source (`node --import tsx`: one process, not the tsx CLI's
 * two); the gateway runs as it does in production, its bundle under plain node,
 * so that its RSS is the server's and not a TypeScript loader's.
 */
function start(cwd: string, env: Record<string, string>, args: string[]): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}
function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('exit', stopAll);

async function waitFor(url: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function json(res: Response) {
  const body = await res.text();
  return { status: res.status, body: body ? JSON.parse(body) : undefined, headers: res.headers };
}

/** Signs in through the gateway (MFA code from the mock's dev outbox); returns the session token. */
async function signIn(gateway: string, mock: string, deviceId: string): Promise<string> {
  const headers = { 'content-type': 'application/json', 'x-device-id': deviceId };
  const first = await json(
    await fetch(`${gateway}/api/token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ grant_type: 'password', username: USER, password: PASSWORD }),
    }),
  );
  let res = first;
  if (first.status === 401) {
    const { payload, methods } = first.body.mfa as {
      payload: string;
      methods: { id: number; method: string }[];
    };
    const email = methods.find((m) => m.method === 'email');
    if (!email) throw new Error('the bench account has no e-mail MFA method');
    const started = await json(
      await fetch(`${gateway}/api/mfa/sudo?payload=${payload}&mfaId=${email.id}`, { headers }),
    );
    if (started.status !== 200) throw new Error(`MFA start: ${started.status}`);
    const outbox = await json(await fetch(`${mock}/__dev/outbox?to=${USER}`));
    const code = outbox.body.messages[0].code as string;
    res = await json(
      await fetch(`${gateway}/api/mfa/sudo`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ payload: started.body.payload, code }),
      }),
    );
  }
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('access_token='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.slice('access_token='.length).split(';')[0] ?? '';
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function load(url: string, headers: Record<string, string>, duration: number) {
  const result: Result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
}

const [mockPort, gatewayPort, barePort] = [await freePort(), await freePort(), await freePort()];
const mock = `http://127.0.0.1:${mockPort}`;
const gateway = `http://127.0.0.1:${gatewayPort}`;
const bare = `http://127.0.0.1:${barePort}`;
execFileSync(process.execPath, ['build.mjs'], { cwd: gatewayDir, stdio: 'inherit' });
start(mockDir, { REGION: 'be', PORT: String(mockPort) }, ['--import', 'tsx', 'src/server.ts']);
const gatewayProcess = start(
  gatewayDir,
  {
    PORT: String(gatewayPort),
    UPSTREAM_BE_URL: mock,
    UPSTREAM_LU_URL: mock,
  },
  [...GATEWAY_NODE_FLAGS, 'dist/server.mjs'],
);
start(gatewayDir, { PORT: String(barePort), UPSTREAM_BE_URL: mock }, [
  ...GATEWAY_NODE_FLAGS,
  'bench/bare-proxy.mjs',
]);
await Promise.all(
  [`${mock}/__dev/outbox?to=x`, `${gateway}/healthz`, `${bare}/healthz`].map(waitFor),
);

const deviceId = randomUUID();
const token = await signIn(gateway, mock, deviceId);
const direct = { authorization: `Bearer ${token}`, 'x-device-id': deviceId };
const viaGateway = { cookie: `access_token=${token}`, 'x-device-id': deviceId };

console.log(
  `warming up (${WARMUP_S}s each), then ${DURATION_S}s each at ${CONNECTIONS} connections`,
);
await load(`${mock}/user`, direct, WARMUP_S);
await load(`${gateway}/api/user`, viaGateway, WARMUP_S);
const d = await load(`${mock}/user`, direct, DURATION_S);
const g = await load(`${gateway}/api/user`, viaGateway, DURATION_S);
// The reference: the same call through a bare pass-through (bench/bare-proxy.mjs).
await load(`${bare}/api/user`, viaGateway, WARMUP_S);
const b = await load(`${bare}/api/user`, viaGateway, DURATION_S);
const rss = peakRssMb(gatewayProcess.pid ?? 0);
stopAll();

const ratio = g.requests.average / d.requests.average;
const addedP99 = g.latency.p99 - d.latency.p99;
const row = (name: string, r: Result) =>
  `${name.padEnd(26)}${r.requests.average.toFixed(0).padStart(9)}${r.latency.p50.toFixed(1).padStart(9)}${r.latency.p99.toFixed(1).padStart(9)}`;
console.log(
  `\n${''.padEnd(26)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
);
console.log(row('direct  GET /user', d));
console.log(row('gateway GET /api/user', g));
console.log(
  `${row('bare proxy (reference)', b)}   ${((b.requests.average / d.requests.average) * 100).toFixed(0)}% of direct`,
);
const checks = [
  [
    `throughput ratio ${(ratio * 100).toFixed(0)}%`,
    `>= ${BUDGET.ratio * 100}%`,
    ratio >= BUDGET.ratio,
  ],
  [
    `p99 added ${addedP99.toFixed(1)} ms`,
    `< ${BUDGET.addedP99Ms} ms`,
    addedP99 < BUDGET.addedP99Ms,
  ],
  [`gateway peak RSS ${rss.toFixed(0)} MB`, `< ${BUDGET.rssMb} MB`, rss < BUDGET.rssMb],
] as const;
console.log('');
for (const [figure, budget, ok] of checks) {
  console.log(`${figure.padEnd(32)} budget ${budget.padEnd(10)} ${ok ? 'ok' : 'OVER BUDGET'}`);
}
process.exitCode = checks.every(([, , ok]) => ok) ? 0 : 1;
