// The production build: one ES module, dist/server.mjs, run with plain node
// (no TypeScript loader in production: less memory, faster start). The
// workspace contract is bundled in; the gateway's own dependencies stay in
// node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

/**
 * Node flags the gateway runs with in production (`pnpm start`, `pnpm bench`,
 * the Docker image):
 * - 8 MB semi-spaces for the young generation instead of V8's 16 MB. A call
 *   leaves about 34 KB of short-lived garbage; with 4 MB the young collections
 *   came so often that they paused the gateway for 12 µs a call, with 8 MB
 *   7 µs and with 16 MB 4 µs (`--trace-gc-nvp` under the bench's load), while
 *   peak RSS grew from 132 to 139 and 144 MB. With today's gateway, 16 MB
 *   semi-spaces save no CPU the bench can tell apart and take the peak RSS
 *   from 142 to 151–158 MB, next to the 160 MB budget.
 * - the old generation may grow by half its live size between full
 *   collections, not fourfold. Under load a little of each request's garbage
 *   outlives two young collections; with V8's default, the old generation
 *   then swelled from 29 to 117 MB of mostly garbage before it was collected,
 *   and the gateway's peak RSS went from 128 to 187 MB in one run out of six.
 *   A full collection of its 30 MB takes about 5 ms.
 * - no allocation-site pretenuring. V8 watches which places in the code
 *   allocate objects that survive young collections and, past a threshold,
 *   allocates their objects straight in the old generation. Under load that
 *   decision was taken now and then for places whose objects die with their
 *   request, and it held for the life of the process: the old generation
 *   then filled with request garbage, full collections came every 0.4 s
 *   instead of every 1.1 s, young ones took 2.1 ms instead of 0.4–1.2 ms, and
 *   the gateway spent 90–112 µs a call instead of 65–75 µs (in about one
 *   process in six with these flags, in one in two with 16 MB semi-spaces;
 *   `--trace-gc` of the bench's load). Without it, none of 12 processes ran
 *   slow.
 * - twice V8's inlining budget (a function of up to 920 bytes of bytecode
 *   inlined, 1840 in all per optimized function, instead of 460 and 920). A
 *   call goes through many small layers (Fastify's hooks, ts-rest's server
 *   and client, zod, undici, pino) and V8's default budget runs out before
 *   it reaches the inner ones. Gateway processes side by side with and
 *   without: about 1.5 µs a call less (lower in 7 pairs of 8), peak RSS
 *   1–3 MB more; the bare pass-through of `pnpm bench`, which runs with the
 *   same flags, does not change (36.2 against 36.4 µs). Four times the
 *   cumulative budget showed nothing more.
 */
export const GATEWAY_NODE_FLAGS = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=50',
  '--no-allocation-site-pretenuring',
  '--max-inlined-bytecode-size=920',
  '--max-inlined-bytecode-size-cumulative=1840',
];

if (import.meta.url === `file://${process.argv[1]}`) await bundle();

async function bundle() {
  await build({
    entryPoints: ['src/server.ts'],
    outfile: 'dist/server.mjs',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
}
