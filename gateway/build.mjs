// The production build: one ES module, dist/server.mjs, run with plain node
// (no TypeScript loader in production: less memory, faster start). The
// workspace contract is bundled in; the gateway's own dependencies stay in
// node_modules. The contract is a devDependency for that reason: the image
// needs neither its sources nor its own dependencies.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@portal/'));

/**
 * Node flags the gateway runs with in production (`pnpm start`, `pnpm bench`,
 * the Docker image's CMD, which a gateway test keeps equal): stack traces
 * through the bundle's source map, so that a logged error names the
 * TypeScript file and line. No V8 tuning: on Node 24 none of the flags the
 * gateway ran with on Node 20 saved the 3% of its CPU a flag must save to be
 * kept (docs/performance.md).
 */
export const GATEWAY_NODE_FLAGS = ['--enable-source-maps'];

if (import.meta.url === `file://${process.argv[1]}`) await bundle();

/** The commit being built, when this is a git checkout (`PORTAL_COMMIT` wins); else ''. */
function commit() {
  if (process.env.PORTAL_COMMIT) return process.env.PORTAL_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return '';
  }
}

/**
 * Bundles the gateway into `outfile` (a path under gateway/, so that its
 * dependencies resolve), and its render thread (`src/render/worker.ts`) into
 * `render-worker.mjs` beside it. The version and commit go into
 * `portal_build_info`.
 */
export async function bundle(outfile = 'dist/server.mjs') {
  const common = {
    absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  };
  await build({
    ...common,
    entryPoints: ['src/render/worker.ts'],
    outfile: join(dirname(outfile), 'render-worker.mjs'),
  });
  await build({
    define: {
      'process.env.PORTAL_BUILD_VERSION': JSON.stringify(pkg.version),
      'process.env.PORTAL_BUILD_COMMIT': JSON.stringify(commit()),
    },
    absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
    entryPoints: ['src/server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The image runs Node 24; `pnpm start` runs the same bundle on the
    // developer's Node, which may still be 20 (package.json's engines).
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
}
