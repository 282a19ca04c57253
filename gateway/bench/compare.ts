// `pnpm bench:compare <variants.json>`: the gateway's CPU per request in two or
// more builds or flag sets side by side, to decide whether a library patch or
// a runtime flag pays (docs/performance.md, "Comparing two builds"). Each
// variant is a gateway directory (its `dist/server.mjs`, which bundles the
// dependencies: gateway/build.mjs) with the node flags it runs with:
//   [{ "name": "unpatched", "dir": "/tmp/a", "flags": [] }, { "name": "patched", "dir": "/tmp/b", "flags": [] }]
// All run at once against one mock and are loaded in turn, in short rounds
// whose order rotates; each variant's figure is the median over the rounds of
// its cost per request divided by the first variant's in the same round, so a
// slow spell of the machine weighs on both sides of every ratio. The cost is
// counted in the gateway's own user-space instructions (Linux `perf stat`,
// where it is installed and allowed) as well as in CPU time: on a shared
// machine CPU time per request drifts by half from one round to the next with
// the neighbours' load, while the instructions the gateway's code executes
// for a request hardly do (the kernel's are left out: loopback traffic of
// other processes is handled in whichever process the kernel interrupts).

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import getPort from 'get-port';
import {
  cpuUs,
  median,
  peakRssMb,
  productionNode,
  signIn,
  start,
  startMock,
  stopAll,
  waitFor,
} from './processes';

interface Variant {
  name: string;
  dir: string;
  flags: string[];
}

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 3);

const file = process.argv[2];
if (!file) throw new Error('usage: pnpm bench:compare <variants.json>');
const variants = JSON.parse(readFileSync(file, 'utf8')) as Variant[];

const mockPort = await getPort();
const mock = `http://127.0.0.1:${mockPort}`;
const mockProcess = startMock(mockPort);
const gateways = await Promise.all(
  variants.map(async (variant) => {
    const port = await getPort();
    const url = `http://127.0.0.1:${port}`;
    const child = start(
      variant.dir,
      {
        PORT: String(port),
        // Any free port: several gateways run side by side.
        MANAGEMENT_PORT: '0',
        UPSTREAM_BE_URL: mock,
        UPSTREAM_LU_URL: mock,
        PUBLIC_ORIGIN_BE: url,
      },
      [...variant.flags, 'dist/server.mjs'],
      productionNode,
    );
    return { ...variant, url, pid: child.pid ?? 0 };
  }),
);
await Promise.all(
  [`${mock}/__dev/outbox?to=x`, ...gateways.map((g) => `${g.url}/healthz`)].map(waitFor),
);

const deviceId = randomUUID();
const cookies: string[] = [];
// One after the other: the mock's outbox holds the newest code of the one account.
for (const g of gateways) cookies.push((await signIn(g.url, mock, deviceId)).cookie);

/** Counts a process's instructions from now until `stop()`; undefined without perf. */
function countInstructions(pid: number) {
  const perf = spawn('perf', ['stat', '-x', ',', '-e', 'instructions:u', '-p', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  perf.stderr.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<void>((resolve) => {
    perf.on('error', () => resolve());
    perf.on('exit', () => resolve());
  });
  return async () => {
    perf.kill('SIGINT');
    await exited;
    const count = /^(\d+),/m.exec(output)?.[1];
    return count ? Number(count) : undefined;
  };
}

async function cpuPerRequest(index: number, duration: number) {
  const g = gateways[index]!;
  const stop = countInstructions(g.pid);
  // perf attaches in a few milliseconds; the gateway is idle until the load starts.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const before = cpuUs(g.pid);
  const result = await autocannon({
    url: `${g.url}/api/user`,
    connections: CONNECTIONS,
    duration,
    headers: { cookie: cookies[index]!, 'x-device-id': deviceId },
  });
  const cpu = (cpuUs(g.pid) - before) / result.requests.total;
  const instructions = await stop();
  const failed = result.non2xx + result.errors + result.timeouts;
  return { cpu, instructions: instructions && instructions / result.requests.total, failed };
}

console.log(
  `node ${productionNode}; ${gateways.length} variants; ${ROUNDS} rounds of ${ROUND_S}s each`,
);
// Warm-up: long enough for V8 to optimise the request path on a busy machine.
for (let i = 0; i < gateways.length; i++) await cpuPerRequest(i, 3 * ROUND_S);
const rounds: { cpu: number[]; instructions: number[] }[] = [];
let failed = 0;
for (let round = 0; round < ROUNDS; round++) {
  const cpu: number[] = [];
  const instructions: number[] = [];
  for (let k = 0; k < gateways.length; k++) {
    const i = (round + k) % gateways.length;
    const figures = await cpuPerRequest(i, ROUND_S);
    cpu[i] = figures.cpu;
    instructions[i] = figures.instructions ?? Number.NaN;
    failed += figures.failed;
  }
  rounds.push({ cpu, instructions });
  console.log(
    `round ${round + 1}: CPU µs ${cpu.map((c) => c.toFixed(0)).join(' ')}; kinstr ${instructions.map((n) => (n / 1000).toFixed(0)).join(' ')}`,
  );
}
const rss = gateways.map((g) => peakRssMb(g.pid));
stopAll();
void mockProcess;

const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)}%`;
console.log(
  `\n${'median of the rounds'.padEnd(28)}${'kinstr/req'.padStart(12)}${'vs first'.padStart(10)}${'CPU µs/req'.padStart(12)}${'vs first'.padStart(10)}${'peak RSS MB'.padStart(13)}`,
);
gateways.forEach((g, i) => {
  const of = (pick: (r: (typeof rounds)[number]) => number[]) => ({
    value: median(rounds.map((r) => pick(r)[i]!)),
    ratio: median(rounds.map((r) => pick(r)[i]! / pick(r)[0]!)),
  });
  const instructions = of((r) => r.instructions);
  const cpu = of((r) => r.cpu);
  console.log(
    [
      g.name.padEnd(28),
      (instructions.value / 1000).toFixed(0).padStart(12),
      pct(instructions.ratio).padStart(10),
      cpu.value.toFixed(1).padStart(12),
      pct(cpu.ratio).padStart(10),
      rss[i]!.toFixed(0).padStart(13),
    ].join(''),
  );
});
console.log(`\nfailed requests: ${failed}`);
process.exitCode = failed ? 1 : 0;
