import { defineConfig } from 'vitest/config';

/**
 * The account-API conformance suite (docs/security.md, "Account-API
 * conformance"). One file at a time: the cases change the state of the test
 * accounts (a lock, a pause), which other cases must not see.
 */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
