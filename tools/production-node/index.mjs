// The npm registry's `node` package fetches its platform's binary at install
// (its preinstall script, allowed in pnpm-workspace.yaml) into bin/node. It
// lives in this package of its own, not in the gateway's devDependencies,
// because a `node` bin in a package's node_modules/.bin makes every other
// tool there (tsx, vitest) run through a shell that does not pass signals on.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const manifest = createRequire(import.meta.url).resolve('node/package.json');

/** The production Node's version, as pinned in this package's dependencies. */
export const productionNodeVersion = createRequire(import.meta.url)('./package.json').dependencies
  .node;

/** The path of the production Node's binary; throws if the install did not fetch it. */
export function productionNodeBinary() {
  const binary = join(dirname(manifest), 'bin', 'node');
  if (!existsSync(binary)) {
    throw new Error(
      `${binary} is missing: run pnpm install (the node package's install fetches it)`,
    );
  }
  return binary;
}
