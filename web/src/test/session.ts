import { signIn, type TestStack } from '@portal/gateway/test-helpers';
import { onTestFinished } from 'vitest';
import { deviceId } from '../lib/device';

/**
 * Signs `username` in through the real gateway and makes the page's fetch
 * carry the session cookie, as a browser would (Node's fetch keeps no
 * cookies): a renewed token the gateway sets (after a step-up or a credential
 * change) replaces it, as in a browser's jar. The device id is the page's, so
 * trusted-device and session rules see one browser. Undone when the test finishes.
 */
export async function signedInAs(stack: TestStack, username = 'employee@example.be') {
  stack.deviceId = deviceId();
  let token = await signIn(stack, username, '127.0.0.1');
  const signedInToken = token;
  const inner = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', `access_token=${token}`);
    const res = await inner(input, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const renewed = /^access_token=([^;]+)/.exec(line)?.[1];
      if (renewed) token = renewed;
    }
    return res;
  };
  onTestFinished(() => {
    globalThis.fetch = inner;
  });
  return signedInToken;
}
