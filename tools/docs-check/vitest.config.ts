import { defineConfig } from 'vitest/config';

// Reading and parsing every tracked file takes seconds on a busy 2-core machine.
export default defineConfig({ test: { include: ['*.test.ts'], testTimeout: 60_000 } });
