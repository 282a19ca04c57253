import type { LightMyRequestResponse } from 'fastify';
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
 * The sign-in journey (docs/flows.md, "Sign-in") step by step through the
 * portal calls, against the real mock account API: a browser that keeps
 * its cookies, as the web app's would.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A browser: its cookie jar, and the calls of the sign-in's steps. */
function browser(on: TestStack = stack, host = 'be.localhost:3000') {
  const b = journeyBrowser(on, 'sign-in', { host });
  return {
    ...b,
    password: (username: string, extra: object = {}, password = DEMO_PASSWORD) =>
      b.step('password', { username, password, ...extra }),
    code: (code: string, trust = false) => b.code(code, { trust }),
    user: () => b.call('GET', '/api/user'),
  };
}

describe('the sign-in journey, owned by the gateway', () => {
  it('keeps a number as the app sends it (E.164), however it was typed: a plain form sends it as typed', async () => {
    const b = browser();
    const first = await b.password('0470 00 00 01');
    expect(first.statusCode).toBe(200);
    // The code screens show the number typed in full where a target is its mask.
    expect(first.json()).toMatchObject({ next: '/mfa', view: { login: '+32470000001' } });
  });

  it('goes straight to the code screen with the primary method’s code sent, then to the dashboard', async () => {
    const b = browser();
    const first = await b.password('employee@example.be');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      next: '/mfa',
      view: {
        step: 'code',
        login: 'employee@example.be',
        check: { method: 'email', target: 'e•••e@example.be' },
      },
    });
    // Nothing of the journey's payloads reaches the browser; its id is an httpOnly, Lax cookie.
    expect(first.body).not.toContain('payload');
    const flow = first.cookies.find((c) => c.name === 'flow');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(flow?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.cookies.find((c) => c.name === 'access_token')).toBeUndefined();

    const read = await b.read();
    expect(read.json()).toMatchObject({ step: 'code', check: { method: 'email' } });

    const done = await b.code(lastCode(stack, 'employee@example.be'));
    expect(done.json()).toEqual({ next: '/user/dashboard', view: null });
    expect(done.cookies.find((c) => c.name === 'access_token')).toMatchObject({ httpOnly: true });
    expect(done.body).not.toContain(b.jar.get('access_token') ?? 'no token');
    expect(b.jar.has('flow')).toBe(false);
    expect((await b.user()).statusCode).toBe(200);
    // The journey is over: the account's language (Emma's Dutch) takes over, next visit too.
    expect(done.cookies.find((c) => c.name === 'lang')).toMatchObject({
      value: 'nl',
      sameSite: 'Lax',
    });
  });

  it('"Use another method" is the list; the method picked sends its code', async () => {
    const b = browser();
    const first = await b.password('employee@example.be');
    const sms = first.json().view.methods.find((m: { method: string }) => m.method === 'sms');
    const chosen = await b.method(sms.id);
    expect(chosen.json()).toMatchObject({
      next: '/mfa',
      view: { check: { method: 'sms', target: '+32 4•••01' } },
    });
    const done = await b.code(lastCode(stack, '+32470000001'));
    expect(done.json().next).toBe('/user/dashboard');
  });

  it('a method that is not the account’s is refused at the list, naming it', async () => {
    const b = browser();
    await b.password('employee@example.be');
    const res = await b.method(999);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_method', field: 'mfaId' });
  });

  it('a wrong code is said at the field and the journey stays at its code', async () => {
    const b = browser();
    await b.password('employee@example.be');
    const wrong = await b.code('00000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_code',
      message: 'Your code is invalid, try again.',
      field: 'code',
    });
    const resent = await b.resend();
    expect(resent.json()).toMatchObject({ next: '/mfa', view: { check: { method: 'email' } } });
    const done = await b.code(lastCode(stack, 'employee@example.be'));
    expect(done.json().next).toBe('/user/dashboard');
  });

  it('a code that is not a code is a 400 naming the field', async () => {
    const b = browser();
    await b.password('employee@example.be');
    const res = await b.code('12 34');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('code');
  });

  it('a spent step is refused: the code again after the sign-in completed', async () => {
    const b = browser();
    await b.password('employee@example.be');
    const flowCookie = b.jar.get('flow') ?? '';
    const code = lastCode(stack, 'employee@example.be');
    expect((await b.code(code)).statusCode).toBe(200);
    // The same request replayed with the journey's old cookie.
    b.jar.set('flow', flowCookie);
    const replay = await b.code(code);
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toMatchObject({
      code: 'flow_gone',
      message: 'This sign-in has expired or is already complete. Please sign in again.',
    });
  });

  it('a step without a sign-in under way, or out of order, is refused', async () => {
    const b = browser();
    expect((await b.code('12345678')).statusCode).toBe(410);
    expect((await b.read()).statusCode).toBe(410);
    await b.password('duplicate@example.be');
    // A merge found: the sign-in is over (the merge is its own flow), no step of it is taken.
    const merge = await b.code(lastCode(stack, 'duplicate@example.be'));
    expect(merge.json().next).toBe('/duplicated');
    expect((await b.method(1)).statusCode).toBe(410);
    expect((await b.resend()).statusCode).toBe(410);
  });

  it('an abandoned journey expires', async () => {
    const b = browser();
    await b.password('employee@example.be');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FLOW_TTL_MS + 1000);
    const late = await b.code(lastCode(stack, 'employee@example.be'));
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('flow_gone');
  });

  it('a weak password goes to the weak-password page after its code, with the target', async () => {
    const b = browser();
    await b.password('weak@example.be', { target: '/security' });
    const done = await b.code(lastCode(stack, 'weak@example.be'));
    expect(done.json().next).toBe('/weak-password?verified=true&target=%2Fsecurity');
  });

  it('a weak password replaced goes straight on to the target, as the gateway decides', async () => {
    const b = browser();
    await b.password('weak@example.be', { target: '/security' });
    await b.code(lastCode(stack, 'weak@example.be'));
    const replaced = await b.call('POST', '/api/user/password/weak', {
      password: 'A-much-Stronger-2026!',
      target: '/security',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().next).toBe('/security');
    // Sent again (a replayed form): no longer weak, 409, and still where to go.
    const again = await b.call('POST', '/api/user/password/weak', {
      password: 'Another-Stronger-2026!',
      target: '/.//127.0.0.1:3399/x',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().next).toBe('/user/dashboard');
    expect((await b.call('GET', '/api/user/sessions')).statusCode).not.toBe(403);
  });

  it.each(['2', '17', '51', '66'])(
    'a forced second factor goes to its setup for the first-party client %s',
    async (client) => {
      const target = `/authorize?client_id=${client}&redirect_uri=x`;
      const res = await browser().password('forced@example.be', { target });
      expect(res.json().next).toBe(`/setup-mfa?redirect=${encodeURIComponent(target)}`);
    },
  );

  it('a forced second factor goes to its setup, for no target client or a first-party one', async () => {
    const alone = await browser().password('forced@example.be');
    expect(alone.json()).toEqual({ next: '/setup-mfa', view: null });
    const firstParty = await browser().password('forced@example.be', {
      target: '/authorize?client_id=2&redirect_uri=x',
    });
    expect(firstParty.json().next).toBe(
      `/setup-mfa?redirect=${encodeURIComponent('/authorize?client_id=2&redirect_uri=x')}`,
    );
  });

  it('a partner client’s sign-in goes to its target, not to the MFA setup', async () => {
    const target = '/authorize?client_id=101&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcallback';
    const forced = await browser().password('forced@example.be', { target });
    expect(forced.json().next).toBe(target);
    const customer = await browser().password('customer@example.be', { target });
    expect(customer.json().next).toBe(target);
    // Without it, the customer without a method is offered the setup (docs/product.md part 4).
    expect((await browser().password('customer@example.be')).json().next).toBe('/setup-mfa');
  });

  it('a target is checked once, on its resolved form: another host is dropped', async () => {
    for (const target of [
      '//evil.example/x',
      '/.//evil.example/x',
      '/%2e//evil.example',
      '/a/..//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      const res = await browser().password('customer@example.be', { target });
      expect(res.json().next, target).toBe('/setup-mfa');
    }
  });

  it('a recovery key leads to the TOTP recovery page with the keys left', async () => {
    const b = browser();
    const first = await b.password('totp@example.be');
    const key = first
      .json()
      .view.methods.find((m: { method: string }) => m.method === 'totpRecovery');
    await b.method(key.id);
    const done = await b.code('RECOVERY05');
    expect(done.json().next).toBe('/mfa/totp-recovery?x=9');
  });

  it('a wrong password is said at the password field, with the tries left near the pause, then locks', async () => {
    const b = browser();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 4; i++)
      last = await b.password('employee@example.be', {}, 'wrong-password');
    expect(last?.statusCode).toBe(400);
    expect(last?.json()).toMatchObject({ field: 'password', attempts_left: 1 });
    expect((await b.password('employee@example.be', {}, 'wrong-password')).statusCode).toBe(400);
    const locked = await b.password('employee@example.be');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the sign-in journey with the captcha on', () => {
  it('is refused at the captcha without its token, and nothing reaches the account API', async () => {
    const own = await testStack({
      config: {
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'secret',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${await getPort()}/siteverify`,
      },
    });
    const res = await browser(own).password('employee@example.be');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha', field: 'captcha' });
    expect(own.be.store.outbox.length).toBe(0);
  });
});
