import { startStack, type TestStack } from '@portal/gateway/test-helpers';
import { afterAll, beforeAll } from 'vitest';

/**
 * Component tests talk to the real gateway and mock upstream, started in this
 * process: the browser's relative `/api/...` calls are resolved against it.
 */
export function withRealStack(): () => TestStack {
  let stack: TestStack | undefined;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    stack = await startStack();
    const base = await stack.gateway.listen({ port: 0, host: '127.0.0.1' });
    globalThis.fetch = (input, init) =>
      realFetch(typeof input === 'string' ? new URL(input, base) : input, init);
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await stack?.close();
  });
  return () => {
    if (!stack) throw new Error('stack not started');
    return stack;
  };
}
