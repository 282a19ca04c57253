/*
 * `pnpm --filter @portal/gateway bench:memory` (issue 37, item 5): the
 * container's memory sized by measurement. The production bundle on the
 * production Node, with a mock account API and one signed-in user, run in
 * turn as:
 *
 * - unconstrained: the image's flags as they were before this sizing (V8 sizes its
 *   heap and young generation from the machine's memory);
 * - in the documented container (512 MiB), emulated: the heap Node 24 derives
 *   from that cgroup limit (`--max-old-space-size=259`, `AS_DEPLOYED` in
 *   processes.ts), from which V8 also sizes a small young generation. Docker is
 *   not used: the image's build is not needed to size the heap, and a
 *   `--memory` limit only adds the kernel's OOM kill, which the RSS column
 *   shows is not reached;
 * - the same with each candidate set of flags (`BENCH_CANDIDATES`, `;`-separated).
 *
 * For each: the gateway's CPU µs per `GET /api/user` (BENCH_CONNECTIONS, 50)
 * and per drawn dashboard (20 connections), each run's req/s, and the peak
 * RSS (main thread and render threads). Prints req/s per core (1 s of CPU ÷
 * CPU per request) for the sizing table of docs/operations.md.
 */

import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import getPort from 'get-port';
import { GATEWAY_NODE_FLAGS } from '../build.mjs';
import {
  AS_DEPLOYED,
  buildGateway,
  builtWebApp,
  cpuUs,
  gatewayDir,
  median,
  peakRssMb,
  productionNode,
  signIn,
  start,
  startMock,
  stopAll,
  waitFor,
} from './processes';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 4);
const LIMIT_MB = 512;
const webDist = builtWebApp();

const container = AS_DEPLOYED.NODE_OPTIONS ?? '--max-old-space-size=259';
const sourceMaps = '--enable-source-maps';
/** Every run's node flags. */
const runs: { name: string; flags: string[] }[] = [
  { name: 'unconstrained, no V8 flag', flags: [sourceMaps] },
  { name: 'container, no V8 flag', flags: [sourceMaps, container] },
  ...(process.env.BENCH_CANDIDATES ?? '--max-semi-space-size=8;--max-semi-space-size=32')
    .split(';')
    .filter(Boolean)
    .map((extra) => ({
      name: `container ${extra}`,
      flags: [sourceMaps, container, ...extra.split(' ')],
    })),
  { name: "container, the image's flags", flags: [...GATEWAY_NODE_FLAGS, container] },
];

buildGateway();
const mockPort = await getPort();
const mock = `http://127.0.0.1:${mockPort}`;
startMock(mockPort);
await waitFor(`${mock}/__dev/outbox?to=health`);

// Every gateway at once, measured in turn in rotating rounds: a slow spell of a shared
// machine then weighs on every run alike instead of deciding a ratio.
interface Gateway {
  name: string;
  flags: string[];
  url: string;
  headers: Record<string, string>;
  pid: number;
  api: number[];
  page: number[];
  apiRps: number[];
  pageRps: number[];
}
const gateways: Gateway[] = [];
for (const run of runs) {
  const port = await getPort();
  const url = `http://127.0.0.1:${port}`;
  const child = start(
    gatewayDir,
    {
      PORT: String(port),
      MANAGEMENT_PORT: '0',
      UPSTREAM_BE_URL: mock,
      UPSTREAM_LU_URL: mock,
      PUBLIC_ORIGIN_BE: url,
      WEB_DIST: webDist,
      NODE_OPTIONS: '',
      RENDER_THREADS: process.env.RENDER_THREADS ?? '1',
    },
    [...run.flags, 'dist/server.mjs'],
    productionNode,
  );
  await waitFor(`${url}/healthz`);
  const deviceId = randomUUID();
  const session = await signIn(url, mock, deviceId);
  const headers = {
    cookie: session.cookie,
    'x-device-id': deviceId,
    'sec-fetch-site': 'same-origin',
  };
  gateways.push({
    ...run,
    url,
    headers,
    pid: child.pid ?? 0,
    api: [] as number[],
    page: [] as number[],
    apiRps: [] as number[],
    pageRps: [] as number[],
  });
}

/** Gateway CPU µs per request of `path` under `connections`, and req/s. */
const measure = async (g: Gateway, path: string, connections: number) => {
  const before = cpuUs(g.pid);
  const result = await autocannon({
    url: `${g.url}${path}`,
    connections,
    duration: ROUND_S,
    headers: g.headers,
  });
  return {
    us: (cpuUs(g.pid) - before) / Math.max(1, result.requests.total),
    rps: result.requests.average,
  };
};
for (const g of gateways) {
  await autocannon({
    url: `${g.url}/api/user`,
    connections: CONNECTIONS,
    duration: 2,
    headers: g.headers,
  });
  await autocannon({
    url: `${g.url}/user/dashboard`,
    connections: 20,
    duration: 2,
    headers: g.headers,
  });
}
for (let round = 0; round < ROUNDS; round++) {
  const order = [
    ...gateways.slice(round % gateways.length),
    ...gateways.slice(0, round % gateways.length),
  ];
  for (const g of order) {
    const api = await measure(g, '/api/user', CONNECTIONS);
    g.api.push(api.us);
    g.apiRps.push(api.rps);
    const page = await measure(g, '/user/dashboard', 20);
    g.page.push(page.us);
    g.pageRps.push(page.rps);
  }
}
const reference = median(gateways[0]?.api ?? [1]);
const rows: Record<string, Record<string, number | string>> = {};
for (const g of gateways) {
  const api = median(g.api);
  const page = median(g.page);
  const rss = peakRssMb(g.pid);
  rows[g.name] = {
    flags: g.flags.join(' '),
    'µs/api': Math.round(api),
    '× unconstr.': Number((api / reference).toFixed(2)),
    'api req/s/core': Math.round(1e6 / api),
    'µs/page': Math.round(page),
    'page req/s/core': Math.round(1e6 / page),
    'peak RSS MB': Math.round(rss),
    [`< ${LIMIT_MB}`]: rss < LIMIT_MB ? 'yes' : 'NO',
  };
}
stopAll();
console.log(
  `\n${new Date().toISOString()}  production Node, ${ROUNDS} rotating rounds of ${ROUND_S} s, 1 render thread each`,
);
console.table(rows);
