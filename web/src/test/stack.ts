import { type StackOptions, type TestStack, testStack } from '@portal/gateway/test-helpers';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * The journey's cookie (the sign-in's flow id, httpOnly), kept between calls
 * as the browser keeps it; each test starts without one.
 */
const JOURNEY_COOKIES = new Set(['flow']);

function keepJourneyCookies(jar: Map<string, string>, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    if (!JOURNEY_COOKIES.has(name)) continue;
    const value = pair.slice(at + 1).trim();
    const gone = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
    if (gone || value === '') jar.delete(name);
    else jar.set(name, value);
  }
  return res;
}

/**
 * Component tests talk to the real gateway and mock upstream, started in this
 * process: the browser's relative `/api/...` calls are resolved against it.
 */
export function withRealStack(options: Pick<StackOptions, 'config'> = {}): () => TestStack {
  let stack: TestStack | undefined;
  const realFetch = globalThis.fetch;
  const jar = new Map<string, string>();
  // Each test is a new browser: its jar starts empty, and an answer to a call an earlier
  // test made (a screen's refetch still under way when that test ended, late on a loaded
  // machine) sets nothing in it.
  let test = 0;
  beforeEach(() => {
    test += 1;
    jar.clear();
  });
  beforeAll(async () => {
    const started = await testStack({ ...options, scope: 'caller', listen: true });
    stack = started;
    const { base } = started;
    globalThis.fetch = (input, init) => {
      // The browser's httpOnly device cookie goes with every call, as Chromium
      // sends it: the gateway binds trusted devices and sessions to it.
      const headers = new Headers(init?.headers);
      const cookies = [
        headers.get('cookie'),
        `device=${stack?.deviceCookie}`,
        ...[...jar].map(([name, value]) => `${name}=${value}`),
      ];
      headers.set('cookie', cookies.filter(Boolean).join('; '));
      const of = test;
      return realFetch(typeof input === 'string' ? new URL(input, base) : input, {
        ...init,
        headers,
      }).then((res) => (of === test ? keepJourneyCookies(jar, res) : res));
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
