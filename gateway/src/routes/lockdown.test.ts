import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { upstreamDeviceId } from '../plugins/session';
import { browserHeaders, DEMO_PASSWORD, newDeviceCookie, signIn, testStack } from '../test-helpers';

/*
 * "Lock my account" through the gateway (docs/flows.md, "Lock my account"),
 * against the real mock account API: the e-mail's link is a door of its own
 * (signed out, single use, its secret never in a page or an address), the
 * in-app action needs a recent second factor, and the next sign-in with the
 * right password goes into the reset journey.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const EMPLOYEE = 'employee@example.be';

/** A browser that keeps the cookies it is given, as one that clicks the e-mail's link. */
function visitor() {
  const cookies: Record<string, string> = { device: newDeviceCookie() };
  const send = async (options: InjectOptions) => {
    const res = await stack.gateway.inject({ ...options, cookies });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.value === '' || c.maxAge === 0) delete cookies[c.name];
      else cookies[c.name] = c.value;
    }
    return res;
  };
  const api = { host: 'be.localhost:3000', 'x-device-id': '00000000-0000-4000-8000-000000000002' };
  return {
    cookies,
    /** The e-mail's link, opened from a mail client (another site). */
    open: (link: string) =>
      send({
        method: 'GET',
        url: link.replace(/^https?:\/\/[^/]+/, ''),
        headers: { host: 'be.localhost:3000', 'sec-fetch-site': 'cross-site' },
      }),
    read: () => send({ method: 'GET', url: '/api/lock-account', headers: api }),
    lock: () =>
      send({
        method: 'POST',
        url: '/api/lock-account',
        headers: { ...api, 'content-type': 'application/json' },
        payload: {},
      }),
  };
}

/** Two sign-ins from two devices: the second's new-device e-mail carries the lock link. */
async function alertLink(): Promise<{ link: string; sessions: string[] }> {
  const first = await signIn(stack);
  stack.deviceCookie = newDeviceCookie();
  const second = await signIn(stack);
  const alert = stack.be.store.outbox.findLast((m) => m.to === EMPLOYEE && m.link);
  if (!alert?.link?.includes('/lock-account/link?token=')) throw new Error('no lock link e-mailed');
  return { link: alert.link, sessions: [first, second] };
}

const userOf = (token: string) =>
  stack.gateway.inject({
    method: 'GET',
    url: '/api/user',
    headers: browserHeaders(stack),
    cookies: { access_token: token },
  });

const location = (res: LightMyRequestResponse) => res.headers.location;

describe('the lock link of a new-device e-mail\'s "this wasn\'t me"', () => {
  it('opens signed out: the secret leaves the address at once, the page names the account, one confirmation locks it', async () => {
    const { link, sessions } = await alertLink();
    const token = new URL(link).searchParams.get('token') ?? '';
    const browser = visitor();

    const opened = await browser.open(link);
    expect(opened.statusCode).toBe(303);
    expect(location(opened)).toBe('/lock-account');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(browser.cookies.flow).toMatch(/^[\w-]{43}$/);
    // Opening it changed nothing.
    for (const session of sessions) expect((await userOf(session)).statusCode).toBe(200);

    const read = await browser.read();
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ firstname: 'Emma', login: 'e•••e@example.be' });
    expect(read.body).not.toContain(token);

    const locked = await browser.lock();
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toEqual({ next: '/lock-account/done' });
    expect(locked.body).not.toContain(token);
    for (const session of sessions) expect((await userOf(session)).statusCode).toBe(401);
    // The journey is over: its flow is spent.
    expect(browser.cookies.flow).toBeUndefined();
    expect((await browser.read()).statusCode).toBe(410);
  });

  it('a used link: 410 with words, at the page and at the lock', async () => {
    const { link } = await alertLink();
    const first = visitor();
    await first.open(link);
    expect((await first.lock()).statusCode).toBe(200);

    const again = visitor();
    expect(location(await again.open(link))).toBe('/lock-account');
    const read = await again.read();
    expect(read.statusCode).toBe(410);
    expect(read.json()).toMatchObject({
      code: 'link_used',
      message: 'This link was already used: the account is locked.',
    });
    const lock = await again.lock();
    expect(lock.statusCode).toBe(410);
    expect(lock.json()).toMatchObject({ code: 'link_used' });
  });

  it('an expired link: 410 with words', async () => {
    const { link } = await alertLink();
    stack.be.store.clock.advance(7 * 24 * 3600 * 1000 + 1);
    const browser = visitor();
    await browser.open(link);
    const read = await browser.read();
    expect(read.statusCode).toBe(410);
    expect(read.json()).toMatchObject({
      code: 'link_expired',
      message: 'This link has expired. Sign in and lock the account from Security.',
    });
  });

  it('a link the account API never made, or a mangled one: 400 with words, nothing locked', async () => {
    for (const token of ['A'.repeat(43), 'too-short', '']) {
      const browser = visitor();
      const opened = await browser.open(`/lock-account/link?token=${token}`);
      expect(opened.statusCode).toBe(303);
      const read = await browser.read();
      expect(read.statusCode, token).toBe(400);
      expect(read.json().message).toMatch(/not a valid lock link/);
      expect((await browser.lock()).statusCode).toBe(400);
    }
  });

  it('without an opened link there is nothing to lock: 410', async () => {
    const browser = visitor();
    const lock = await browser.lock();
    expect(lock.statusCode).toBe(410);
    expect(lock.json()).toMatchObject({ code: 'flow_gone' });
  });
});

describe('lock my account, signed in', () => {
  const lockAs = (token: string) => {
    // As the web app's client sends a call without a body: no content-type.
    const { 'content-type': _json, ...headers } = browserHeaders(stack);
    return stack.gateway.inject({
      method: 'POST',
      url: '/api/account/lockdown',
      headers,
      cookies: { access_token: token },
    });
  };

  it('asks for a recent second factor first (403 sudo_required)', async () => {
    const token = await signIn(stack);
    stack.be.store.sudoUntil.clear();
    const res = await lockAs(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sudo_required' });
    expect((await userOf(token)).statusCode).toBe(200);
  });

  it('ends this session too (its cookie cleared), and the next sign-in goes to the reset, then the review', async () => {
    const token = await signIn(stack);
    const res = await lockAs(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ next: '/lock-account/done' });
    expect(res.cookies.find((c) => c.name === 'access_token')?.value).toBe('');
    expect((await userOf(token)).statusCode).toBe(401);

    const signInStep = (password: string) =>
      stack.gateway.inject({
        method: 'POST',
        url: '/api/sign-in/password',
        headers: browserHeaders(stack),
        payload: { username: EMPLOYEE, password },
      });
    const again = await signInStep(DEMO_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      next: '/forgot-password/email?login=employee%40example.be',
      view: null,
    });
    expect(again.cookies.find((c) => c.name === 'access_token')).toBeUndefined();

    // The reset (the account API's, as the reset journey calls it for this browser), then the sign-in.
    const mock = stack.be;
    const headers = {
      'x-device-id': upstreamDeviceId(stack.deviceCookie),
      'content-type': 'application/json',
    };
    const forgot = await mock.app.inject({
      method: 'POST',
      url: '/user/forgot-password',
      headers,
      payload: { login: EMPLOYEE, technology: 'email' },
    });
    const code = mock.store.outbox.findLast((m) => m.to === EMPLOYEE && m.code)?.code;
    const newPassword = 'Lockdown-Reset-2026!';
    const reset = await mock.app.inject({
      method: 'POST',
      url: '/user/reset-password',
      headers,
      payload: { payload: forgot.json().payload, code, password: newPassword },
    });
    expect(reset.statusCode).toBe(204);
    const back = await signInStep(newPassword);
    expect(back.statusCode).toBe(200);
    const next = back.json().next as string;
    const session = back.cookies.find((c) => c.name === 'access_token')?.value;
    if (next === '/mfa') return expect.unreachable('the reset vouched for this device');
    expect(next).toBe('/security/review');
    if (!session) return expect.unreachable('no session');

    const { 'content-type': _json, ...noBody } = browserHeaders(stack);
    const reviewed = await stack.gateway.inject({
      method: 'POST',
      url: '/api/account/security-review',
      headers: noBody,
      cookies: { access_token: session },
    });
    expect(reviewed.statusCode).toBe(204);
    expect((await userOf(session)).json().data).not.toHaveProperty('security_review');
  });
});
