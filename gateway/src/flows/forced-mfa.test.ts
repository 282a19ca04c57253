import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookieBrowser, DEMO_PASSWORD, lastCode, testStack } from '../test-helpers';

import { FLOW_TTL_MS } from './store';

/*
 * The forced second-factor setup (docs/flows.md, "Forced MFA") step by step
 * through the portal calls, against the real mock account API: a browser
 * signed in as an account that must set up a second factor, keeping its
 * cookies as the web app's would.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A browser signed in as `username` (no second factor yet: the sign-in ends on the setup). */
async function signedIn(username = 'forced@example.be', target?: string) {
  const { jar, call } = cookieBrowser(stack);
  const signIn = await call('POST', '/api/sign-in/password', {
    username,
    password: DEMO_PASSWORD,
    ...(target ? { target } : {}),
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const step = (name: string, body: object = {}) => call('POST', `/api/forced-mfa/${name}`, body);
  return {
    jar,
    call,
    after: signIn.json().next as string,
    start: (to?: string) => step('start', to ? { target: to } : {}),
    begin: () => step('begin'),
    skip: () => step('skip'),
    other: () => step('other'),
    send: (phone?: string) => step('send', phone === undefined ? {} : { phone }),
    resend: () => step('resend'),
    code: (code: string) => step('code', { code }),
    finish: () => step('finish'),
    read: () => call('GET', '/api/forced-mfa'),
    methods: async () =>
      (await call('GET', '/api/mfa')).json() as { method: string; target: string }[],
  };
}

describe('the forced second-factor setup, owned by the gateway', () => {
  it('walks the intro, the e-mail code and the phone code, then the target', async () => {
    const b = await signedIn('forced@example.be', '/security');
    // The sign-in ends on the setup, the target kept for after it.
    expect(b.after).toBe('/setup-mfa?redirect=%2Fsecurity');

    const start = await b.start('/security');
    expect(start.statusCode).toBe(200);
    expect(start.json()).toEqual({
      next: '/setup-mfa',
      view: {
        step: 'intro',
        kind: null,
        steps: ['email', 'sms'],
        mayskip: false,
        customer: false,
        contact: null,
        other: false,
        sentTo: null,
        target: '/security',
      },
    });
    expect(start.cookies.find((c) => c.name === 'flow')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });

    const email = await b.begin();
    expect(email.json().view).toMatchObject({
      step: 'contact',
      kind: 'email',
      contact: 'forced@example.be',
    });
    const sent = await b.send();
    expect(sent.json().view).toMatchObject({
      step: 'code',
      kind: 'email',
      sentTo: 'forced@example.be',
    });
    // The activation payload stays on the gateway.
    expect(sent.body).not.toContain('payload');

    const session = b.jar.get('access_token');
    const phone = await b.code(lastCode(stack, 'forced@example.be'));
    expect(phone.json().view).toMatchObject({
      step: 'contact',
      kind: 'sms',
      contact: '+32 470 00 00 04',
    });
    // A second factor added: the session moved to a new token.
    expect(b.jar.get('access_token')).not.toBe(session);

    await b.send();
    const done = await b.code(lastCode(stack, '+32470000004'));
    expect(done.json()).toMatchObject({ next: '/setup-mfa', view: { step: 'done', kind: null } });

    const end = await b.finish();
    expect(end.json()).toEqual({ next: '/security', view: null });
    expect(b.jar.has('flow')).toBe(false);
    expect((await b.methods()).map((m) => m.method).sort()).toEqual(['email', 'sms']);
    expect((await b.read()).statusCode).toBe(410);
  });

  it('says a wrong code at its field and stays at the code', async () => {
    const b = await signedIn();
    await b.start();
    await b.begin();
    await b.send();
    const wrong = await b.code('00000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'invalid_code',
      message: 'Your code is invalid, try again.',
      field: 'code',
    });
    expect((await b.read()).json()).toMatchObject({ step: 'code', kind: 'email' });
    // A new code replaces the old one; the old one no longer sets anything up.
    const old = lastCode(stack, 'forced@example.be');
    expect((await b.resend()).statusCode).toBe(200);
    const fresh = lastCode(stack, 'forced@example.be');
    expect(fresh).not.toBe(old);
    expect((await b.code(fresh)).json().view).toMatchObject({ step: 'contact', kind: 'sms' });
  });

  it('sends the phone code to another number typed, and refuses one that is no number', async () => {
    const b = await signedIn();
    await b.start();
    await b.begin();
    await b.send();
    await b.code(lastCode(stack, 'forced@example.be'));
    // Only the phone step asks for another number; sending before asking is the number on file.
    expect((await b.other()).json().view).toMatchObject({ kind: 'sms', other: true });
    const bad = await b.send('12');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_phone', field: 'phone' });
    const sent = await b.send('0470 12 34 56');
    expect(sent.json().view).toMatchObject({ step: 'code', sentTo: '+32 470 12 34 56' });
    await b.code(lastCode(stack, '+32470123456'));
    expect((await b.methods()).find((m) => m.method === 'sms')?.target).toBe('+32470123456');
  });

  it('refuses a step posted out of order, and the replay of a spent one', async () => {
    const b = await signedIn();
    await b.start();
    // The code before any was sent, the confirmation before the steps, a skip for a forced user.
    for (const step of [
      () => b.code('12345678'),
      () => b.finish(),
      () => b.skip(),
      () => b.send(),
    ]) {
      const res = await step();
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('flow_step');
    }
    // The intro confirmed twice (a second tab, a form sent again): the second is out of order.
    expect((await b.begin()).statusCode).toBe(200);
    expect((await b.begin()).statusCode).toBe(409);
    await b.send();
    const code = lastCode(stack, 'forced@example.be');
    expect((await b.code(code)).statusCode).toBe(200);
    // The spent code again: the setup is at the phone step now.
    const replay = await b.code(code);
    expect(replay.statusCode).toBe(409);
    await b.send();
    await b.code(lastCode(stack, '+32470000004'));
    const flow = b.jar.get('flow');
    expect((await b.finish()).statusCode).toBe(200);
    // The finished setup's cookie, sent again: nothing left to continue.
    b.jar.set('flow', flow ?? '');
    const again = await b.finish();
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('flow_gone');
  });

  it('asks for a recent check first when the account has a method already, then comes back to the setup', async () => {
    // A forced account with an e-mail method: only the phone step is left.
    const made = await stack.be.app.inject({
      method: 'POST',
      url: '/__dev/accounts',
      payload: { from: 'forced@example.be', mfa: ['email'], mfa_forced: true },
    });
    const { login } = made.json() as { login: string };
    const { jar, call } = cookieBrowser(stack);
    await call('POST', '/api/sign-in/password', { username: login, password: DEMO_PASSWORD });
    const signedIn = await call('POST', '/api/sign-in/code', { code: lastCode(stack, login) });
    expect(signedIn.json().next).toBe('/setup-mfa');
    const start = await call('POST', '/api/forced-mfa/start', { target: '/profile' });
    expect(start.json().view).toMatchObject({ step: 'intro', steps: ['sms'] });
    await call('POST', '/api/forced-mfa/begin', {});
    // The sign-in's own check has lapsed (a long pause): the step-up, then back here.
    stack.be.store.sudoUntil.clear();
    const send = await call('POST', '/api/forced-mfa/send', {});
    expect(send.json()).toEqual({
      next: `/step-up?target=${encodeURIComponent('/setup-mfa?redirect=%2Fprofile')}`,
      view: null,
    });
    expect(jar.has('flow')).toBe(true);
  });

  it('is gone once abandoned for longer than a flow lives', async () => {
    const b = await signedIn();
    await b.start();
    await b.begin();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + FLOW_TTL_MS + 1000);
    const late = await b.send();
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'flow_gone' });
  });

  it('lets a customer offered a second factor skip it, straight to the target', async () => {
    const b = await signedIn('customer@example.be');
    expect(b.after).toBe('/setup-mfa');
    const start = await b.start();
    expect(start.json().view).toMatchObject({ step: 'intro', mayskip: true, customer: true });
    expect((await b.skip()).json()).toEqual({ next: '/user/dashboard', view: null });
    expect(b.jar.has('flow')).toBe(false);
    expect(await b.methods()).toEqual([]);
  });

  it('needs a session, and checks the target once on its resolved form', async () => {
    const { call } = cookieBrowser(stack);
    const anonymous = await call('POST', '/api/forced-mfa/start', {});
    expect(anonymous.statusCode).toBe(401);
    const b = await signedIn('customer@example.be');
    // A target of another host is the dashboard: checked once, on its resolved form.
    const start = await b.start('/.//127.0.0.1:3399/x');
    expect(start.json().view.target).toBeNull();
  });
});
