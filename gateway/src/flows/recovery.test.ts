import getPort from 'get-port';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEMO_PASSWORD,
  journeyBrowser,
  lastCode,
  type TestStack,
  testStack,
} from '../test-helpers';

import { FLOW_TTL_MS } from './store';

/*
 * Forgot password, ending signed in, and forgot username (docs/flows.md,
 * "Recovery") step by step through the portal calls, against the real mock
 * account API: a browser that keeps its cookies, as the web app's would.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});
afterEach(() => {
  vi.useRealTimers();
});

const FRESH = 'Brand-New-Password-7';

/** A browser: its cookie jar, and the calls of the journeys' steps. */
function browser(on: TestStack = stack) {
  const b = journeyBrowser(on, 'recovery');
  const { call } = b;
  return {
    ...b,
    start: (login: string, extra: object = {}) =>
      b.step('start', { by: login.includes('@') ? 'email' : 'phone', login, ...extra }),
    resend: (technology?: 'email' | 'sms') => b.step('resend', technology ? { technology } : {}),
    password: (password: string) => b.step('password', { password }),
    signInMethod: (mfaId: number) => call('POST', '/api/sign-in/method', { mfaId }),
    signInCode: (code: string) => call('POST', '/api/sign-in/code', { code }),
    findUsernames: (by: 'card' | 'nrn', number: string) =>
      call('POST', '/api/forgot-username', { by, number }),
    usernames: () => call('GET', '/api/forgot-username'),
    user: () => call('GET', '/api/user'),
    signIn: (username: string, password: string) =>
      call('POST', '/api/sign-in/password', { username, password }),
  };
}

/** The journey up to its new password: the login typed, the code checked. */
async function atNewPassword(b: ReturnType<typeof browser>, login: string, to = login) {
  expect((await b.start(login)).statusCode).toBe(200);
  expect((await b.code(lastCode(stack, to))).json().next).toBe('/reset-password');
}

describe('forgot password, owned by the gateway, ends signed in', () => {
  it('by e-mail: the code, the new password once, then signed in on the dashboard', async () => {
    const b = browser();
    const started = await b.start('Employee@Example.be');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      next: '/forgot-password-sent',
      view: {
        step: 'code',
        login: 'employee@example.be',
        recipient: ['e•••e@example.be'],
        channel: 'email',
        target: null,
      },
      signIn: null,
    });
    // The reset's payload stays on the gateway; the browser has an httpOnly, Lax cookie.
    expect(started.body).not.toContain('payload');
    expect(started.cookies.find((c) => c.name === 'flow')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect((await b.read()).json()).toMatchObject({ step: 'code', channel: 'email' });

    const checked = await b.code(lastCode(stack, 'employee@example.be'));
    expect(checked.json()).toMatchObject({
      next: '/reset-password',
      view: { step: 'password' },
    });
    expect(checked.body).not.toContain(lastCode(stack, 'employee@example.be'));

    const done = await b.password(FRESH);
    expect(done.statusCode).toBe(200);
    // The code went to the account's own second-factor address: the sign-in asks no other.
    expect(done.json()).toEqual({ next: '/user/dashboard', view: null, signIn: null });
    expect(done.cookies.find((c) => c.name === 'access_token')).toMatchObject({ httpOnly: true });
    expect(b.jar.has('flow')).toBe(false);
    expect((await b.user()).statusCode).toBe(200);
    // The new password is the account's; the old one is not.
    expect((await browser().signIn('employee@example.be', DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await browser().signIn('employee@example.be', FRESH)).json().next).toBe('/mfa');
  });

  it('by phone, where the code proves no second factor: the sign-in’s code step, then the target', async () => {
    const b = browser();
    // totp@example.be: its factors are the authenticator app and its e-mail, not its phone.
    const started = await b.start('0470 00 00 02', { target: '/security' });
    expect(started.json().view).toMatchObject({
      login: '+32470000002',
      channel: 'sms',
      recipient: ['+32 4•••02'],
      target: '/security',
    });
    await b.code(lastCode(stack, '+32470000002'));
    const handed = await b.password(FRESH);
    expect(handed.json()).toMatchObject({
      next: '/mfa',
      view: null,
      signIn: {
        step: 'code',
        login: '+32470000002',
        check: { method: 'totp' },
        target: '/security',
      },
    });
    // No session before the second factor; the sign-in's flow now holds the journey.
    expect(b.jar.has('access_token')).toBe(false);
    expect((await b.read()).statusCode).toBe(410);
    const email = handed
      .json()
      .signIn.methods.find((m: { method: string }) => m.method === 'email');
    expect((await b.signInMethod(email.id)).json().next).toBe('/mfa');
    const done = await b.signInCode(lastCode(stack, 'totp@example.be'));
    expect(done.json().next).toBe('/security');
    expect((await b.user()).statusCode).toBe(200);
  });

  it('a wrong code is said at the code and the journey stays there; a new code by the other channel works', async () => {
    const b = browser();
    await b.start('employee@example.be');
    const first = lastCode(stack, 'employee@example.be');
    const wrong = await b.code(first === '00000000' ? '11111111' : '00000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_code', field: 'code' });
    const other = await b.resend('sms');
    expect(other.json()).toMatchObject({
      next: '/forgot-password-sent',
      view: { channel: 'sms', recipient: ['+32 4•••01'], login: 'employee@example.be' },
    });
    // The earlier code died with the new one.
    expect((await b.code(first)).statusCode).toBe(400);
    expect((await b.code(lastCode(stack, '+32470000001'))).json().next).toBe('/reset-password');
  });

  it('a weak new password is refused with the rules it breaks, and the step stays', async () => {
    const b = browser();
    await atNewPassword(b, 'employee@example.be');
    const weak = await b.password('short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues).toContainEqual({
      path: 'body.password',
      message: 'Not enough characters',
      code: 'password_length',
    });
    expect((await b.read()).json().step).toBe('password');
    expect((await b.password(FRESH)).json().next).toBe('/user/dashboard');
  });

  it('a spent step is refused: the new password again after the journey ended', async () => {
    const b = browser();
    await atNewPassword(b, 'employee@example.be');
    const flowCookie = b.jar.get('flow') ?? '';
    expect((await b.password(FRESH)).statusCode).toBe(200);
    b.jar.set('flow', flowCookie);
    const replay = await b.password('Another-Password-8');
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toMatchObject({
      code: 'flow_gone',
      message: 'This password reset has expired or is already complete. Please start again.',
    });
  });

  it('a step out of order, or without a reset under way, is refused', async () => {
    const b = browser();
    expect((await b.code('12345678')).statusCode).toBe(410);
    expect((await b.resend()).statusCode).toBe(410);
    await b.start('employee@example.be');
    const early = await b.password(FRESH);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'flow_step' });
    await b.code(lastCode(stack, 'employee@example.be'));
    expect((await b.resend()).statusCode).toBe(409);
    expect((await b.code(lastCode(stack, 'employee@example.be'))).statusCode).toBe(409);
  });

  it('an abandoned reset expires', async () => {
    const b = browser();
    await b.start('employee@example.be');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FLOW_TTL_MS + 1000);
    const late = await b.code(lastCode(stack, 'employee@example.be'));
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('flow_gone');
  });

  it('what is not an address or a number is refused at the login, and nothing is sent', async () => {
    const b = browser();
    const email = await b.start('not-an-address', { by: 'email' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ code: 'invalid_email', field: 'login' });
    const phone = await b.start('0470', { by: 'phone' });
    expect(phone.json()).toMatchObject({ code: 'invalid_phone', field: 'login' });
    expect(stack.be.store.outbox.length).toBe(0);
    expect(b.jar.has('flow')).toBe(false);
  });

  it('an unknown address is answered as a known one, and its journey goes nowhere', async () => {
    const b = browser();
    const started = await b.start('nobody.here@example.be');
    expect(started.json().view).toMatchObject({ recipient: ['n•••e@example.be'] });
    expect(stack.be.store.outbox.length).toBe(0);
    expect((await b.code('12345678')).json()).toMatchObject({ code: 'invalid_code' });
  });

  it('a target is checked once, on its resolved form: another host is dropped', async () => {
    for (const target of ['//evil.example/x', '/.//evil.example/x', 'https://evil.example/']) {
      const res = await browser().start('employee@example.be', { target });
      expect(res.json().view.target, target).toBeNull();
    }
  });

  it('is bounded as a code send: past the forgot limit the start is 429 with Retry-After', async () => {
    const own = await testStack({ config: { RATE_LIMIT_FORGOT: 2 } });
    const b = browser(own);
    expect((await b.start('employee@example.be')).statusCode).toBe(200);
    expect((await b.resend()).statusCode).toBe(200);
    const over = await b.start('employee@example.be');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('forgot password with the captcha on', () => {
  it('is refused at the captcha without its token, and nothing is sent', async () => {
    const own = await testStack({
      config: {
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'secret',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${await getPort()}/siteverify`,
      },
    });
    const res = await browser(own).start('employee@example.be');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha', field: 'captcha' });
    expect(own.be.store.outbox.length).toBe(0);
  });
});

describe('forgot username, a flow of one step', () => {
  it('finds the masked usernames by national register number, read from the flow', async () => {
    const b = browser();
    const found = await b.findUsernames('nrn', '85.07.31-001.30');
    expect(found.json()).toEqual({ next: '/forgot-username-response', view: null, signIn: null });
    expect(found.body).not.toContain('example.be');
    expect((await b.usernames()).json()).toEqual({
      usernames: ['e•••e@example.be', '+32 4•••01'],
    });
  });

  it('says "none" for a card nobody holds, and refuses what is not a card number at the field', async () => {
    const b = browser();
    await b.findUsernames('card', '5065 0000 0000 9999');
    expect((await b.usernames()).json()).toEqual({ usernames: [] });
    const bad = await b.findUsernames('card', '1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_card', field: 'number' });
    expect((await browser().usernames()).statusCode).toBe(410);
  });
});
