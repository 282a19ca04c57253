/*
 * `pnpm --filter @portal/gateway bench:drawn`: what drawing the signed-in
 * dashboard costs the gateway (docs/decisions/0005-server-rendered-entry-pages.md).
 * One gateway in this process, on the built web app (`pnpm build` first) and a
 * mock account API, one demo user signed in; the same number of page loads of
 * the dashboard (drawn for the user) and of `/profile` (the app's shell, whose
 * user the browser reads with its own `GET /api/user`), one after the other,
 * in alternating rounds. Prints the gateway process's CPU time per load
 * (`process.cpuUsage`: the gateway and the mock share this process, so the
 * shell's figure includes one `GET /api/user` on each side too).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserHeaders, signIn, testStack } from '../src/test-helpers';

const WEB_DIST = join(fileURLToPath(new URL('../../web/dist', import.meta.url)));
if (!existsSync(join(WEB_DIST, 'ssr', 'entry-server.mjs'))) {
  console.error(`no server bundle in ${WEB_DIST}: run \`pnpm build\` first`);
  process.exit(2);
}
const LOADS = Number(process.env.LOADS ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

const stack = await testStack({ scope: 'caller', config: { WEB_DIST } });
try {
  const token = await signIn(stack);
  const headers = { ...browserHeaders(stack), 'sec-fetch-site': 'same-origin' };
  const cookies = { access_token: token };
  const drawn = async () => {
    const res = await stack.gateway.inject({ url: '/user/dashboard', headers, cookies });
    if (!res.body.includes('id="page-data"')) throw new Error('the dashboard was not drawn');
  };
  const shell = async () => {
    const page = await stack.gateway.inject({ url: '/profile', headers, cookies });
    if (page.body.includes('id="page-data"')) throw new Error('/profile was drawn');
    const user = await stack.gateway.inject({ url: '/api/user', headers, cookies });
    if (user.statusCode !== 200) throw new Error(`GET /api/user answered ${user.statusCode}`);
  };
  /** CPU µs per load of `load`, over LOADS loads one after the other. */
  const measure = async (load: () => Promise<void>) => {
    const before = process.cpuUsage();
    for (let i = 0; i < LOADS; i++) await load();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / LOADS;
  };
  // Warm: the server bundle's first render loads its screens and texts.
  await measure(drawn);
  await measure(shell);
  const figures = { drawn: [] as number[], shell: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? (['drawn', 'shell'] as const) : (['shell', 'drawn'] as const);
    for (const kind of order) figures[kind].push(await measure(kind === 'drawn' ? drawn : shell));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
  console.table({
    'dashboard drawn for its user': {
      'CPU µs per load (median)': Math.round(median(figures.drawn)),
    },
    'shell + GET /api/user': { 'CPU µs per load (median)': Math.round(median(figures.shell)) },
  });
} finally {
  await stack.close();
}
