import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects, run one after the other by `pnpm test`:
 * - `unit`: the gateway's tests in `src/`;
 * - `reliability`: the reliability suite in `reliability/` (fuzzing, load, at scale,
 *   upstream faults, shutdown). Its files run one at a time, so that the
 *   load test's figures are not its own other tests' CPU. In `pnpm test` another
 *   package's suite runs beside it (the root's `test`): what it asserts (every
 *   answer right, memory flat, deadlines kept) holds on a busy machine; its
 *   throughput figures are `pnpm bench`'s job, on a quiet one.
 */
export default defineConfig({
  test: {
    // One test file per core: vitest's default (cores − 1) runs one file at a time on a 2-core machine.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          // A worker's files share their imports: importing the gateway again for each
          // file was two thirds of the suite's time. Each file builds its own stacks.
          isolate: false,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['reliability/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
