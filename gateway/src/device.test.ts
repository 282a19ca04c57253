import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_MAX_AGE_S, upstreamDeviceId } from './plugins/session';
import {
  apiHeaders,
  completeMfa,
  DEMO_PASSWORD,
  newDeviceCookie,
  startStack,
  type TestStack,
} from './test-helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** A browser: the X-Device-ID its web app keeps in local storage, and its httpOnly device cookie. */
interface Browser {
  header: string;
  cookie: string | null;
}

const headersOf = (browser: Browser, host = 'be.localhost:3000') => ({
  host,
  'x-device-id': browser.header,
  'content-type': 'application/json',
  ...(browser.cookie ? { cookie: `device=${browser.cookie}` } : {}),
});

const passwordSignIn = (browser: Browser, username = 'employee@example.be') =>
  stack.gateway.inject({
    method: 'POST',
    url: '/api/token',
    headers: headersOf(browser),
    payload: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });

/** Signs in with MFA from `browser`, ticking "trust this device"; answers the session token. */
async function trustFrom(browser: Browser): Promise<string> {
  const first = await passwordSignIn(browser);
  expect(first.statusCode).toBe(401);
  stack.deviceId = browser.header;
  stack.deviceCookie = browser.cookie ?? '';
  const done = await completeMfa(stack, first.json().mfa, 'be.localhost:3000', {
    trustDevice: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.cookies.find((c) => c.name === 'access_token')?.value ?? '';
}

describe('the device cookie', () => {
  it('is set on the first call of a browser: httpOnly, SameSite=Lax, random, for 400 days', async () => {
    const a = await stack.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('be.localhost:3000'),
    });
    const b = await stack.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('be.localhost:3000'),
    });
    const cookie = a.cookies.find((c) => c.name === 'device');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: DEVICE_MAX_AGE_S,
    });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.cookies.find((c) => c.name === 'device')?.value).not.toBe(cookie?.value);
    // The browser keeps it: no new one while it has ours.
    const again = await stack.gateway.inject({
      url: '/api/config',
      headers: { ...apiHeaders('be.localhost:3000'), cookie: `device=${cookie?.value}` },
    });
    expect(again.cookies.find((c) => c.name === 'device')).toBeUndefined();
  });

  it('follows the session cookie on account.example.be: Domain=example.be and Secure', async () => {
    const res = await stack.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('account.example.be'),
    });
    expect(res.cookies.find((c) => c.name === 'device')).toMatchObject({
      domain: 'example.be',
      secure: true,
      httpOnly: true,
    });
  });

  it('replaces a value that is not one of ours', async () => {
    const res = await stack.gateway.inject({
      url: '/api/config',
      headers: { ...apiHeaders('be.localhost:3000'), cookie: 'device=chosen-by-a-script' },
    });
    expect(res.cookies.find((c) => c.name === 'device')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('trusted devices are bound to the device cookie, not to X-Device-ID', () => {
  it('tells the upstream a device id derived from the cookie: stable per browser, never the header', async () => {
    const browser = { header: randomUUID(), cookie: newDeviceCookie() };
    const token = await trustFrom(browser);
    const seen = stack.be.store.tokens.get(token)?.deviceId;
    expect(seen).toBe(upstreamDeviceId(browser.cookie));
    expect(seen).not.toBe(browser.header);
    expect(seen).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Local storage cleared (a new X-Device-ID), same cookie: the same device.
    const again = await passwordSignIn({ header: randomUUID(), cookie: browser.cookie });
    expect(again.statusCode).toBe(200);
    const token2 = again.cookies.find((c) => c.name === 'access_token')?.value ?? '';
    expect(stack.be.store.tokens.get(token2)?.deviceId).toBe(seen);
  });

  it('a copied X-Device-ID from another browser does not skip MFA', async () => {
    const trusted = { header: randomUUID(), cookie: newDeviceCookie() };
    await trustFrom(trusted);
    // The trusted browser itself: the password is enough.
    expect((await passwordSignIn(trusted)).statusCode).toBe(200);
    // Another browser with the same X-Device-ID (copied from local storage) and its own cookie.
    const copycat = await passwordSignIn({ header: trusted.header, cookie: newDeviceCookie() });
    expect(copycat.statusCode).toBe(401);
    expect(copycat.json().mfa.payload).toEqual(expect.any(String));
    // Or with no device cookie at all.
    const bare = await passwordSignIn({ header: trusted.header, cookie: null });
    expect(bare.statusCode).toBe(401);
  });

  it('trusts nobody else on the trusted device', async () => {
    const trusted = { header: randomUUID(), cookie: newDeviceCookie() };
    await trustFrom(trusted);
    expect((await passwordSignIn(trusted, 'totp@example.be')).statusCode).toBe(401);
  });
});
