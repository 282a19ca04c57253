import { signIn, type TestStack } from '@portal/gateway/test-helpers';
import { onTestFinished } from 'vitest';
import { deviceId } from '../lib/device';

/**
 * Signs `username` in through the real gateway and makes the page's fetch
 * carry the session cookie, as a browser would (Node's fetch keeps no
 * cookies). The device id is the page's, so trusted-device and session rules
 * see one browser. Undone when the test finishes.
 */
export async function signedInAs(stack: TestStack, username = 'employee@example.be') {
  stack.deviceId = deviceId();
  const token = await signIn(stack, username, '127.0.0.1');
  const inner = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', `access_token=${token}`);
    return inner(input, { ...init, headers });
  };
  onTestFinished(() => {
    globalThis.fetch = inner;
  });
  return token;
}
