// The production build: one ES module, dist/server.mjs, and its render thread,
// dist/render-worker.mjs, run with plain node (no TypeScript loader in
// production: less memory, faster start). Everything the gateway runs is
// bundled in, its dependencies included, so that the image ships these files
// and of node_modules only what cannot be bundled (EXTERNAL): a dependency's
// build-time tools (Sentry's CLI and its native parser, type declarations,
// both CommonJS and ES copies of a package) never reach it
// (docs/operations.md, "The images").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));

/**
 * The dependencies that stay in node_modules: piscina starts its threads from
 * its own `worker.js`, found beside its code, which a bundle would not have.
 * The Dockerfile copies exactly these into the image.
 */
export const EXTERNAL = ['piscina'];

/**
 * What CommonJS dependencies expect of their module scope, which an ES module
 * does not have: `require` (of Node's built-ins), `__filename`, `__dirname`.
 */
const COMMONJS_SCOPE = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  "const __dirname = __fileURLToPath(new URL('.', import.meta.url));",
].join(' ');

/**
 * Node flags the gateway runs with in production (`pnpm start`, `pnpm bench`,
 * the Docker image's CMD, which a gateway test keeps equal): stack traces
 * through the bundle's source map, so that a logged error names the
 * TypeScript file and line; and 16 MB semi-spaces: in the documented 512 MiB
 * container V8 otherwise sizes a small young generation from the heap limit,
 * and the gateway's CPU per request and RSS both grow
 * (`pnpm --filter @portal/gateway bench:memory`, docs/operations.md "Sizing").
 */
export const GATEWAY_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=16'];

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
 * Bundles the gateway into `outfile` (a path under gateway/, so that the
 * external dependencies resolve), and its render thread
 * (`src/render/worker.ts`) into `render-worker.mjs` beside it. The version and
 * commit go into `portal_build_info`.
 */
export async function bundle(outfile = 'dist/server.mjs') {
  const common = {
    absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The image runs Node 24; `pnpm start` runs the same bundle on the
    // developer's Node, which may still be 20 (package.json's engines).
    target: 'node20',
    external: EXTERNAL,
    banner: { js: COMMONJS_SCOPE },
    // Smaller by half (4 against 9 MB); names kept, for stack traces and for
    // the libraries that read a function's or a class's name.
    minify: true,
    keepNames: true,
    // Stack traces name the TypeScript file and line through the map; the
    // sources themselves stay out of it (5 against 18 MB).
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  };
  await build({
    ...common,
    entryPoints: ['src/render/worker.ts'],
    outfile: join(dirname(outfile), 'render-worker.mjs'),
  });
  await build({
    ...common,
    define: {
      'process.env.PORTAL_BUILD_VERSION': JSON.stringify(pkg.version),
      'process.env.PORTAL_BUILD_COMMIT': JSON.stringify(commit()),
    },
    entryPoints: ['src/server.ts'],
    outfile,
  });
}
