import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generate } from 'selfsigned';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import {
  apiHeaders,
  asksSecondFactor,
  browserHeaders,
  completeMfa,
  DEMO_PASSWORD,
  newDeviceCookie,
  signIn,
  testStack,
} from '../test-helpers';
import { DEVICE_MAX_AGE_S, upstreamDeviceId } from './session';

/** A key the gateway issued: 32 random bytes and 16 of their HMAC, base64url. */
const DEVICE_KEY_SHAPE = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{22}$/;

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const host = 'account.example.be';

/** Whether the upstream has revoked this token. */
const revoked = (token: string) => {
  const row = stack.be.store.tokens.get(token);
  if (!row) throw new Error('the upstream never issued this token');
  return row.revokedAt !== null;
};

/** The Set-Cookie line that names `name`. */
function setCookieOf(headers: Record<string, unknown>, name: string): string {
  const all = headers['set-cookie'];
  const lines = Array.isArray(all) ? all : all === undefined ? [] : [String(all)];
  return lines.find((l: string) => l.startsWith(`${name}=`)) ?? '';
}

describe('one browser, one session', () => {
  it('revokes the session a browser held when it signs in again', async () => {
    const first = await signIn(stack, 'customer@example.be');
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: browserHeaders(stack),
      cookies: { access_token: first },
      payload: { username: 'customer@example.be', password: DEMO_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const second = res.cookies.find((c) => c.name === 'access_token')?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The old token is dead upstream, not only forgotten by this browser.
    expect(revoked(first)).toBe(true);
    const old = await stack.gateway.inject({
      url: '/api/user',
      headers: apiHeaders('be.localhost:3000'),
      cookies: { access_token: first },
    });
    expect(old.statusCode).toBe(401);
    expect(revoked(second ?? '')).toBe(false);
  });
});

describe('clearing the cookie with the Domain it was set with (account.example.be)', () => {
  const signInAt = async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: browserHeaders(stack, host),
      payload: { username: 'customer@example.be', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(setCookieOf(res.headers, 'access_token')).toContain('Domain=example.be');
    return res.cookies.find((c) => c.name === 'access_token')?.value ?? '';
  };

  const expectCleared = (line: string) => {
    expect(line).toMatch(/^access_token=;/);
    expect(line).toContain('Domain=example.be');
    expect(line).toContain('Path=/');
    expect(line).toContain('Secure');
    expect(line).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  };

  it('on sign-out', async () => {
    const token = await signInAt();
    const { 'content-type': _json, ...headers } = browserHeaders(stack, host);
    const out = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/token',
      headers,
      cookies: { access_token: token },
    });
    expect(out.statusCode).toBe(204);
    expectCleared(setCookieOf(out.headers, 'access_token'));
    expect(revoked(token)).toBe(true);
  });

  it('on global logout', async () => {
    const token = await signInAt();
    const { 'content-type': _json, ...headers } = browserHeaders(stack, host);
    const out = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/sessions',
      headers,
      cookies: { access_token: token },
    });
    expect(out.statusCode).toBe(204);
    expectCleared(setCookieOf(out.headers, 'access_token'));
  });
});

describe('a session cookie that is not a token', () => {
  // An upstream that records the Authorization header of every call it gets.
  const recorded = testStack({ scope: 'file', record: true });
  const authorizations = () => recorded.calls.map((c) => c.headers.authorization);

  it.each([
    ['too short', 'abc'],
    ['a comma (a second credential)', 'aaaaaaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbbbbbb'],
    ['a space', 'aaaaaaaaaaaa bbbbbbbbbbbbbbbbbbbb'],
    ['a quote', 'aaaaaaaaaaaaaaaaaaaaaaa"'],
    ['far too long', 'a'.repeat(5000)],
  ])('drops one with %s: not forwarded, cleared', async (_what, value) => {
    recorded.calls.length = 0;
    const res = await recorded.gateway.inject({
      url: '/api/mfa',
      headers: {
        ...apiHeaders('be.localhost:3000'),
        cookie: `access_token=${encodeURIComponent(value)}`,
      },
    });
    expect(authorizations().length).toBeGreaterThan(0);
    expect(authorizations().every((a) => a === undefined)).toBe(true);
    expect(res.statusCode).toBe(401);
    expect(setCookieOf(res.headers, 'access_token')).toMatch(/^access_token=;/);
  });

  it('forwards one of a token shape', async () => {
    recorded.calls.length = 0;
    const token = 'A'.repeat(43);
    await recorded.gateway.inject({
      url: '/api/mfa',
      headers: { ...apiHeaders('be.localhost:3000'), cookie: `access_token=${token}` },
    });
    expect(authorizations()).toContain(`Bearer ${token}`);
  });
});

describe('Secure cookies when served over HTTPS', () => {
  let gateway: FastifyInstance;
  let dispatcher: Agent;
  let base: string;
  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: host }], {
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: host }] }],
    });
    gateway = await buildApp(
      testConfig({
        UPSTREAM_BE_URL: stack.be.app.listeningOrigin,
        UPSTREAM_LU_URL: stack.lu.app.listeningOrigin,
      }),
      { https: { key: pems.private, cert: pems.cert } },
    );
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    base = `https://127.0.0.1:${(gateway.server.address() as { port: number }).port}`;
    // Trusts exactly this certificate, and asks for the portal's name in TLS (SNI) and Host.
    dispatcher = new Agent({ connect: { ca: pems.cert, servername: host } });
  });
  afterAll(async () => {
    await dispatcher.close();
    await gateway.close();
  });

  it('sets the session and device cookies Secure, with the shared Domain, over a real TLS connection', async () => {
    // A browser's first visit: no cookie yet.
    const { cookie: _none, ...headers } = browserHeaders(stack, host);
    const res = await request(`${base}/api/sign-in/password`, {
      dispatcher,
      method: 'POST',
      headers,
      body: JSON.stringify({
        username: 'customer@example.be',
        password: DEMO_PASSWORD,
      }),
    });
    expect(res.statusCode).toBe(200);
    await res.body.json();
    const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = lines.find((l) => l.startsWith('access_token='));
    const device = lines.find((l) => l.startsWith('device='));
    for (const line of [session, device]) {
      expect(line).toMatch(/; Secure(;|$)/);
      expect(line).toContain('HttpOnly');
      expect(line).toContain('SameSite=Lax');
      expect(line).toContain('Domain=example.be');
    }
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
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
    url: '/api/sign-in/password',
    headers: headersOf(browser),
    payload: { username, password: DEMO_PASSWORD },
  });

/** Signs in with MFA from `browser`, ticking "trust this device"; answers the session token. */
async function trustFrom(browser: Browser): Promise<string> {
  const first = await passwordSignIn(browser);
  expect(asksSecondFactor(first)).toBe(true);
  stack.deviceId = browser.header;
  stack.deviceCookie = browser.cookie ?? '';
  const done = await completeMfa(stack, first, 'be.localhost:3000', {
    trustDevice: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  // The key the device became trusted with is a new one: the browser keeps it.
  browser.cookie = stack.deviceCookie;
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
    expect(cookie?.value).toMatch(DEVICE_KEY_SHAPE);
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
    expect(res.cookies.find((c) => c.name === 'device')?.value).toMatch(DEVICE_KEY_SHAPE);
  });

  it('replaces a key of the right shape that no gateway signed', async () => {
    const forged = `${'A'.repeat(43)}.${'B'.repeat(22)}`;
    const res = await stack.gateway.inject({
      url: '/api/config',
      headers: { ...apiHeaders('be.localhost:3000'), cookie: `device=${forged}` },
    });
    const issued = res.cookies.find((c) => c.name === 'device')?.value;
    expect(issued).toMatch(DEVICE_KEY_SHAPE);
    expect(issued).not.toBe(forged);
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
    expect(asksSecondFactor(await passwordSignIn(trusted))).toBe(false);
    // Another browser with the same X-Device-ID (copied from local storage) and its own cookie.
    const copycat = await passwordSignIn({ header: trusted.header, cookie: newDeviceCookie() });
    expect(copycat.json().next).toBe('/mfa');
    expect(copycat.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    // Or with no device cookie at all.
    const bare = await passwordSignIn({ header: trusted.header, cookie: null });
    expect(asksSecondFactor(bare)).toBe(true);
  });

  it('never trusts a device key planted before the victim trusted the device (any 43 characters)', async () => {
    // The value an attacker chose and planted in the victim's browser, before the victim signs in.
    const planted = 'x'.repeat(43);
    const victim = { header: randomUUID(), cookie: planted };
    await trustFrom(victim);
    expect(victim.cookie).not.toBe(planted);
    // The victim's browser signs in by password alone from now on; a second
    // browser with the planted value is asked for the second factor.
    expect(asksSecondFactor(await passwordSignIn(victim))).toBe(false);
    const attacker = await passwordSignIn({ header: randomUUID(), cookie: planted });
    expect(attacker.json().next).toBe('/mfa');
    expect(attacker.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
  });

  it('never trusts a key the gateway issued to someone else and planted before the trust', async () => {
    // The attacker's own browser got a real key from the portal, then planted it.
    const planted = newDeviceCookie();
    const victim = { header: randomUUID(), cookie: planted };
    await trustFrom(victim);
    expect(victim.cookie).not.toBe(planted);
    const attacker = await passwordSignIn({ header: randomUUID(), cookie: planted });
    expect(asksSecondFactor(attacker)).toBe(true);
  });

  it('keeps a browser the account knows known across the key renewed at the code step: no new-device alert', async () => {
    const browser = { header: randomUUID(), cookie: newDeviceCookie() };
    const alerts = () =>
      stack.be.store.outbox.filter(
        (m) => m.to === 'employee@example.be' && m.subject === 'Nieuwe aanmelding op je account',
      ).length;
    const seen = alerts();
    for (const _ of [1, 2]) {
      const first = await passwordSignIn(browser);
      stack.deviceId = browser.header;
      stack.deviceCookie = browser.cookie ?? '';
      const done = await completeMfa(stack, first);
      expect(done.statusCode).toBe(200);
      expect(stack.deviceCookie).not.toBe(browser.cookie);
      browser.cookie = stack.deviceCookie;
    }
    expect(alerts()).toBe(seen);
  });

  it('trusts nobody else on the trusted device', async () => {
    const trusted = { header: randomUUID(), cookie: newDeviceCookie() };
    await trustFrom(trusted);
    expect(asksSecondFactor(await passwordSignIn(trusted, 'totp@example.be'))).toBe(true);
  });
});
