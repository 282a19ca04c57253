import { defineConfig } from 'vitest/config';

// Each file starts what it checks (kubectl, compose's parser, nginx in front of
// a gateway); none shares a port or a process with another.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
