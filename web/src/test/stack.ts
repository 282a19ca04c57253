import { listeningStack, type TestStack } from '@portal/gateway/test-helpers';
import { afterAll, beforeAll } from 'vitest';

/**
 * Component tests talk to the real gateway and mock upstream, started in this
 * process: the browser's relative `/api/...` calls are resolved against it.
 */
export function withRealStack(): () => TestStack {
  let stack: TestStack | undefined;
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    const started = await listeningStack();
    stack = started.stack;
    const { base } = started;
    globalThis.fetch = (input, init) => {
      // The browser's httpOnly device cookie goes with every call, as Chromium
      // sends it: the gateway binds trusted devices and sessions to it.
      const headers = new Headers(init?.headers);
      const cookies = [headers.get('cookie'), `device=${stack?.deviceCookie}`];
      headers.set('cookie', cookies.filter(Boolean).join('; '));
      return realFetch(typeof input === 'string' ? new URL(input, base) : input, {
        ...init,
        headers,
      });
    };
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
