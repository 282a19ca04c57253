import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieBrowser, DEMO_PASSWORD, journeyBrowser, lastCode, testStack } from '../test-helpers';

import { FLOW_TTL_MS } from './store';

/*
 * The step-up (docs/flows.md, "Step-up") step by step through the portal
 * calls, against the real mock account API: a signed-in browser that keeps
 * its cookies, as the web app's would.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});
afterEach(() => {
  vi.useRealTimers();
});

const codesTo = (to: string) => stack.be.store.outbox.filter((m) => m.to === to).length;

/** A browser signed in as employee@example.be (e-mail primary, SMS too), its recent check lapsed. */
async function signedIn() {
  const b = journeyBrowser(stack, 'step-up');
  await b.call('POST', '/api/sign-in/password', {
    username: 'employee@example.be',
    password: DEMO_PASSWORD,
  });
  const done = await b.call('POST', '/api/sign-in/code', {
    code: lastCode(stack, 'employee@example.be'),
  });
  if (done.statusCode !== 200) throw new Error(`sign-in failed: ${done.body}`);
  // The sign-in's own check holds 15 minutes: let it lapse.
  stack.be.store.sudoUntil.clear();
  return {
    ...b,
    start: (target?: string, extra: object = {}) =>
      b.step('start', { ...(target ? { target } : {}), ...extra }),
    passkey: () => b.step('passkey'),
    sudo: async () => (await b.call('GET', '/api/mfa/status')).json().sudo as boolean,
  };
}

describe('the step-up, owned by the gateway', () => {
  it('goes straight to the code screen with the primary method’s code sent, then to the target', async () => {
    const b = await signedIn();
    const before = codesTo('employee@example.be');
    const first = await b.start('/security/edit-password');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      next: '/mfa',
      view: {
        journey: 'step-up',
        step: 'code',
        check: { method: 'email', target: 'e•••e@example.be' },
        target: '/security/edit-password',
      },
    });
    expect(codesTo('employee@example.be')).toBe(before + 1);
    // Nothing of the check's payload reaches the browser; its id is an httpOnly, Lax cookie.
    expect(first.body).not.toContain('payload');
    expect(first.cookies.find((c) => c.name === 'flow')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect((await b.read()).json()).toMatchObject({ journey: 'step-up', step: 'code' });

    const session = b.jar.get('access_token');
    const done = await b.code(lastCode(stack, 'employee@example.be'));
    expect(done.json()).toEqual({ next: '/security/edit-password', view: null });
    expect(await b.sudo()).toBe(true);
    // The check is spent; the session moved to a new token.
    expect(b.jar.has('flow')).toBe(false);
    expect(b.jar.get('access_token')).not.toBe(session);
    expect((await b.read()).statusCode).toBe(410);
  });

  it('"Use another method" is the list; the method picked sends its code; resend sends again', async () => {
    const b = await signedIn();
    const first = await b.start('/security');
    const sms = first.json().view.methods.find((m: { method: string }) => m.method === 'sms');
    const chosen = await b.method(sms.id);
    expect(chosen.json()).toMatchObject({
      next: '/mfa',
      view: { check: { method: 'sms', mfaId: sms.id } },
    });
    const sent = codesTo('+32470000001');
    const resent = await b.resend();
    expect(resent.json()).toMatchObject({ next: '/mfa', view: { check: { method: 'sms' } } });
    expect(codesTo('+32470000001')).toBe(sent + 1);
    expect((await b.code(lastCode(stack, '+32470000001'))).json().next).toBe('/security');
  });

  it('a wrong code is said at the field and the check stays at its code', async () => {
    const b = await signedIn();
    await b.start('/security');
    const wrong = await b.code('00000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'invalid_code',
      message: 'Your code is invalid, try again.',
      field: 'code',
    });
    expect(await b.sudo()).toBe(false);
    expect((await b.code(lastCode(stack, 'employee@example.be'))).json().next).toBe('/security');
  });

  it('a spent step is refused: the code again after the check completed', async () => {
    const b = await signedIn();
    await b.start('/security');
    const flowCookie = b.jar.get('flow') ?? '';
    const code = lastCode(stack, 'employee@example.be');
    expect((await b.code(code)).statusCode).toBe(200);
    b.jar.set('flow', flowCookie);
    const replay = await b.code(code);
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toMatchObject({
      code: 'flow_gone',
      message: 'This check has expired or is already complete. Please try again.',
    });
  });

  it('a step without a check under way, or out of order, is refused', async () => {
    const b = await signedIn();
    expect((await b.code('12345678')).statusCode).toBe(410);
    expect((await b.resend()).statusCode).toBe(410);
    // A link from another site: the list first, no code sent unasked; a resend is out of order.
    const before = codesTo('employee@example.be');
    const quiet = await b.start('/security', { quiet: true });
    expect(quiet.json()).toMatchObject({ next: '/mfa/methods', view: { step: 'methods' } });
    expect(codesTo('employee@example.be')).toBe(before);
    const out = await b.resend();
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({ code: 'flow_step' });
    expect((await b.code('12345678')).statusCode).toBe(409);
    // A method that is not the account's is refused at the list.
    const unknown = await b.method(999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_method', field: 'mfaId' });
  });

  it('a step-up’s flow takes no sign-in step; the steps’ read names whose they are', async () => {
    const b = await signedIn();
    await b.start('/security');
    expect((await b.call('POST', '/api/sign-in/code', { code: '12345678' })).statusCode).toBe(410);
    expect((await b.call('GET', '/api/sign-in')).json()).toMatchObject({ journey: 'step-up' });
  });

  it('an abandoned check expires', async () => {
    const b = await signedIn();
    await b.start('/security');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FLOW_TTL_MS + 1000);
    const late = await b.code(lastCode(stack, 'employee@example.be'));
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('flow_gone');
  });

  it('a target is checked once, on its resolved form: another host is the dashboard', async () => {
    for (const target of [
      '/.//127.0.0.1:3399/x',
      '/%2e//127.0.0.1:3399/x',
      '/a/..//127.0.0.1:3399/x',
      '//127.0.0.1:3399/x',
      '/\\127.0.0.1:3399/x',
      'https://127.0.0.1:3399/x',
      'javascript:alert(1)',
    ]) {
      const b = await signedIn();
      const res = await b.start(target);
      expect(res.json().view.target, target).toBeNull();
      const done = await b.code(lastCode(stack, 'employee@example.be'));
      expect(done.json().next, target).toBe('/user/dashboard');
    }
  });

  it('a recent check still holding goes straight to the target, nothing sent', async () => {
    const b = await signedIn();
    await b.start('/security');
    await b.code(lastCode(stack, 'employee@example.be'));
    const before = codesTo('employee@example.be');
    const again = await b.start('/security/edit-password');
    expect(again.json()).toEqual({ next: '/security/edit-password', view: null });
    expect(codesTo('employee@example.be')).toBe(before);
  });

  it('the passkey step goes on only once the check holds', async () => {
    const b = await signedIn();
    await b.start('/security');
    const early = await b.passkey();
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'passkey_not_used' });
    // The passkey's sudo, as `POST /api/passkeys/authenticate` grants it (the mock's record).
    const token = b.jar.get('access_token') ?? '';
    stack.be.store.sudoUntil.set(token, Date.now() + 60_000);
    const done = await b.passkey();
    expect(done.json()).toEqual({ next: '/security', view: null });
    expect(b.jar.has('flow')).toBe(false);
  });

  it('needs a session: signed out, every step is 401', async () => {
    const { call } = cookieBrowser(stack);
    const res = await call('POST', '/api/step-up/start', { target: '/security' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await call('POST', '/api/step-up/code', { code: '12345678' })).statusCode).toBe(401);
  });
});
