/*
 * `pnpm --filter @portal/gateway bench:render` (issue 37, item 4): does
 * drawing pages starve the API? The production bundle (`pnpm build` first,
 * for the web app's server bundle) on the production Node, a mock account API,
 * one signed-in user. In alternating rounds, `GET /api/user` with
 * BENCH_API_CONNECTIONS (5) connections, alone ("idle") and while
 * BENCH_PAGES (20) connections load the dashboard drawn for that user
 * ("with dashboards"). Prints /api/user's p99 both ways (median of the
 * rounds), the dashboards answered and how many the render threads drew
 * (the rest: the app's shell, `portal_render_fallbacks_total`), and the
 * gateway's CPU per dashboard. Exits 1 when the p99 with dashboards is over
 * twice the idle one.
 */

import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import getPort from 'get-port';
import {
  buildGateway,
  builtWebApp,
  cpuUs,
  median,
  peakRssMb,
  productionNode,
  signIn,
  startGateway,
  startMock,
  stopAll,
  waitFor,
} from './processes';

const API_CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 5);
const PAGES = Number(process.env.BENCH_PAGES ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_S = Number(process.env.BENCH_ROUND_S ?? 4);
const BUDGET = 2;

const webDist = builtWebApp();

buildGateway();
const [mockPort, port, managementPort] = [await getPort(), await getPort(), await getPort()];
const mock = `http://127.0.0.1:${mockPort}`;
const gatewayUrl = `http://127.0.0.1:${port}`;
startMock(mockPort);
const gateway = startGateway(
  port,
  mock,
  {
    WEB_DIST: webDist,
    MANAGEMENT_PORT: String(managementPort),
    ...(process.env.RENDER_THREADS ? { RENDER_THREADS: process.env.RENDER_THREADS } : {}),
  },
  productionNode,
);
try {
  await waitFor(`${mock}/__dev/outbox?to=health`);
  await waitFor(`${gatewayUrl}/healthz`);
  const deviceId = randomUUID();
  const session = await signIn(gatewayUrl, mock, deviceId);
  const headers = {
    cookie: session.cookie,
    'x-device-id': deviceId,
    'sec-fetch-site': 'same-origin',
  };
  const pid = gateway.pid ?? 0;

  const metric = async (pattern: RegExp) => {
    const text = await (await fetch(`http://127.0.0.1:${managementPort}/metrics`)).text();
    return text
      .split('\n')
      .filter((line) => pattern.test(line))
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  };
  const fallbacks = () => metric(/^portal_render_fallbacks_total\{/);
  const api = (duration: number) =>
    autocannon({ url: `${gatewayUrl}/api/user`, connections: API_CONNECTIONS, duration, headers });
  const pages = (duration: number) =>
    autocannon({ url: `${gatewayUrl}/user/dashboard`, connections: PAGES, duration, headers });

  // Warm: the render threads' first pages, the JIT.
  await Promise.all([api(2), pages(2)]);
  const idle: number[] = [];
  const loaded: number[] = [];
  const idleRps: number[] = [];
  const loadedRps: number[] = [];
  const dashboards = { answered: 0, shell: 0, cpuUs: 0 };
  let failed = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const alone = await api(ROUND_S);
    idle.push(alone.latency.p99);
    idleRps.push(alone.requests.average);
    const shellBefore = await fallbacks();
    const cpuBefore = cpuUs(pid);
    const [withPages, drawn] = await Promise.all([api(ROUND_S), pages(ROUND_S)]);
    loaded.push(withPages.latency.p99);
    loadedRps.push(withPages.requests.average);
    dashboards.answered += drawn.requests.total;
    dashboards.shell += (await fallbacks()) - shellBefore;
    dashboards.cpuUs += cpuUs(pid) - cpuBefore;
    failed +=
      alone.non2xx +
      alone.errors +
      withPages.non2xx +
      withPages.errors +
      drawn.non2xx +
      drawn.errors;
  }
  const ratio = median(loaded) / median(idle);
  const drawnCount = dashboards.answered - dashboards.shell;
  console.log(
    `\n${new Date().toISOString()}  Node ${productionNode === process.execPath ? process.version : 'production'}  ${availableParallelism()} cores  load ${loadavg()[0]?.toFixed(1)}  ${ROUNDS} rounds of ${ROUND_S} s`,
  );
  console.table({
    [`GET /api/user alone (${API_CONNECTIONS} connections)`]: {
      'p99 ms': median(idle),
      'req/s': Math.round(median(idleRps)),
    },
    [`GET /api/user with ${PAGES} dashboards loading`]: {
      'p99 ms': median(loaded),
      'req/s': Math.round(median(loadedRps)),
    },
  });
  console.log(
    `dashboards: ${dashboards.answered} answered, ${drawnCount} drawn, ${dashboards.shell} the app's shell; ` +
      `gateway CPU ${Math.round(dashboards.cpuUs / Math.max(1, dashboards.answered + loadedRps.length))} µs per dashboard (API calls of the same rounds included); peak RSS ${Math.round(peakRssMb(pid))} MB`,
  );
  console.log(`p99 with dashboards ÷ idle: ${ratio.toFixed(2)} (budget ${BUDGET})`);
  if (failed) console.error(`${failed} failed requests`);
  process.exitCode = ratio > BUDGET || failed ? 1 : 0;
} finally {
  stopAll();
}
