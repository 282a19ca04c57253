import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// The conformance suite has its own config (conformance/vitest.config.ts): it
// runs against any account API, started here only when none is named.
export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, 'conformance/**'],
    // One test file per core: vitest's default (cores − 1) runs one file at a time on a 2-core machine.
    maxWorkers: availableParallelism(),
    // A worker's files share their imports (each builds its own app).
    isolate: false,
  },
});
