// The production build: one ES module, dist/server.mjs, run with plain node
// (no TypeScript loader in production: less memory, faster start). The
// workspace contract is bundled in; the gateway's own dependencies stay in
// node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

/**
 * Node flags the gateway runs with in production (`pnpm start`, `pnpm bench`):
 * a 4 MB young generation instead of V8's 16 MB. The gateway's garbage is many
 * small short-lived objects, so collections stay cheap; measured with
 * `pnpm bench`, peak RSS drops by about 12 MB at no cost in throughput.
 */
export const GATEWAY_NODE_FLAGS = ['--max-semi-space-size=4'];

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
