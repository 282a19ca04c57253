// Starting the stack as separate processes and measuring them: shared by the
// bench (`pnpm bench`) and the reliability suite (`reliability/`), so that a
// gateway's CPU and RSS are its own and not the load generator's.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@portal/mock-upstream/seed';
import { productionNodeBinary, productionNodeVersion } from '@portal/production-node';
import { GATEWAY_NODE_FLAGS } from '../build.mjs';

export const USER = 'employee@example.be';
export const PASSWORD = DEMO_PASSWORD;

export const gatewayDir = fileURLToPath(new URL('..', import.meta.url));
export const mockDir = fileURLToPath(new URL('../../mock-upstream', import.meta.url));

/**
 * The Node the gateway runs on in production (the Dockerfile's, `.nvmrc`'s):
 * `BENCH_NODE` if set, else this process's own if it is that version, else
 * the npm registry's build of it that `pnpm install` fetched
 * (tools/production-node).
 */
export const productionNode = ((): string => {
  if (process.env.BENCH_NODE) return process.env.BENCH_NODE;
  if (process.version === `v${productionNodeVersion}`) return process.execPath;
  return productionNodeBinary();
})();

const children: ChildProcess[] = [];
/**
 * A node process in `cwd` (this process's Node unless `node` names another),
 * with the environment plus `env`; its stderr goes to ours.
 */
export function start(
  cwd: string,
  env: Record<string, string>,
  args: string[],
  node = process.execPath,
): ChildProcess {
  const child = spawn(node, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}
/** SIGTERM to every process `start` started that still runs. */
export function stopAll() {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopAll);

/** The built web app (`web/dist`), with its server bundle; the process ends if there is none. */
export function builtWebApp(): string {
  const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  if (!existsSync(`${webDist}/ssr/entry-server.mjs`)) {
    console.error(`no server bundle in ${webDist}: run \`pnpm build\` first`);
    process.exit(2);
  }
  return webDist;
}

/** Builds the gateway's production bundle (`dist/server.mjs`). */
export function buildGateway() {
  execFileSync(process.execPath, ['build.mjs'], { cwd: gatewayDir, stdio: 'inherit' });
}

/**
 * The mock runs from source (`node --import tsx`: one process, not the tsx CLI's
 * two). `REGION=be`.
 */
export function startMock(port: number): ChildProcess {
  return start(mockDir, { REGION: 'be', PORT: String(port) }, ['--import', 'tsx', 'src/server.ts']);
}

/**
 * The heap Node 24 gives itself in the container docs/operations.md asks for
 * (a 512 MB memory limit: a 259 MB heap limit, from which V8 also sizes its
 * young generation), for the load test to run the gateway as deployed.
 * Unconstrained, V8 sizes its young generation from the machine's memory and
 * the RSS grows with the request rate (402 MB at 5,800 requests a second on a
 * 24 GB machine, 2026-11-26): a growth that says nothing about a leak.
 * `BENCH_HEAP_MB=0` runs the load test unconstrained.
 */
const HEAP_MB = Number(process.env.BENCH_HEAP_MB ?? 259);
export const AS_DEPLOYED: Record<string, string> =
  HEAP_MB > 0 ? { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` } : {};

/**
 * The gateway as it runs in production, its bundle (`buildGateway`) under
 * plain node with the production flags, so that its RSS is the server's and
 * not a TypeScript loader's; on this process's Node unless `node` names
 * another (the bench: `productionNode`). It is called by its address, so that
 * is its Belgian origin.
 */
export function startGateway(
  port: number,
  upstream: string,
  env: Record<string, string> = {},
  node = process.execPath,
) {
  return start(
    gatewayDir,
    {
      PORT: String(port),
      // Any free port: beside another stack on this machine.
      MANAGEMENT_PORT: '0',
      UPSTREAM_BE_URL: upstream,
      UPSTREAM_LU_URL: upstream,
      PUBLIC_ORIGIN_BE: `http://127.0.0.1:${port}`,
      ...env,
    },
    [...GATEWAY_NODE_FLAGS, 'dist/server.mjs'],
    node,
  );
}

export async function waitFor(url: string) {
  // Generous: a start from source takes over 30 s on a loaded 2-core machine.
  const deadline = Date.now() + 120_000;
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

/** A browser signed in through the gateway. */
export interface SignedIn {
  /** The session's access token (the `access_token` cookie's value). */
  token: string;
  /** The `device` cookie, `device=…`, as the browser sends it without a session too. */
  deviceCookie: string;
  /** The `Cookie` header it sends signed in: the session and the device. */
  cookie: string;
}

/**
 * Signs in through the gateway as the web app does (its `X-Device-ID`; MFA
 * code from the mock's dev outbox), keeping the device cookie the first answer
 * sets.
 */
export async function signIn(gateway: string, mock: string, deviceId: string): Promise<SignedIn> {
  const jar = new Map<string, string>();
  const call = async (path: string, init: RequestInit = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(`${gateway}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'x-device-id': deviceId,
        ...(cookie ? { cookie } : {}),
      },
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return json(res);
  };
  // The sign-in flow's steps (docs/flows.md): the password, then the e-mail code.
  const first = await call('/api/sign-in/password', {
    method: 'POST',
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  let res = first;
  const view = first.body.view as {
    methods: { id: number; method: string }[];
    check: { method: string } | null;
  } | null;
  if (first.status === 200 && view) {
    if (view.check?.method !== 'email') {
      const email = view.methods.find((m) => m.method === 'email');
      if (!email) throw new Error('the signed-in account has no e-mail MFA method');
      const started = await call('/api/sign-in/method', {
        method: 'POST',
        body: JSON.stringify({ mfaId: email.id }),
      });
      if (started.status !== 200) throw new Error(`MFA start: ${started.status}`);
    }
    const outbox = await json(await fetch(`${mock}/__dev/outbox?to=${USER}`));
    const code = outbox.body.messages[0].code as string;
    res = await call('/api/sign-in/code', { method: 'POST', body: JSON.stringify({ code }) });
  }
  const token = jar.get('access_token');
  const device = jar.get('device');
  if (res.status !== 200 || !token || !device) throw new Error(`sign-in failed: ${res.status}`);
  const deviceCookie = `device=${device}`;
  return { token, deviceCookie, cookie: `access_token=${token}; ${deviceCookie}` };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** CPU time (user + system) a process has used so far, in µs. */
export function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}
/** The most memory the process has held at once, in MB. */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');
/** The memory the process holds now, in MB. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');
