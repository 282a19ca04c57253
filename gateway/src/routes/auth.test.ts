import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  asksSecondFactor,
  browserHeaders,
  completeMfa,
  DEMO_PASSWORD,
  flowOf,
  flowStep,
  passwordSignIn,
  signIn,
  stepUp,
  testStack,
} from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  stack.deviceId = randomUUID();
});

const host = 'be.localhost:3000';
const signedInCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'access_token');

/** The sign-in flow's password step for an account with a second factor: its code screen, no session yet. */
async function mfaOf(username: string) {
  const res = await passwordSignIn(stack, username);
  expect(asksSecondFactor(res)).toBe(true);
  expect(signedInCookie(res)).toBeUndefined();
  return res;
}

/** No answer the browser gets may carry a token. */
function expectNoToken(res: LightMyRequestResponse) {
  expect(res.body).not.toContain('access_token');
  const cookie = signedInCookie(res);
  if (cookie) expect(res.body).not.toContain(cookie.value);
}

describe('MFA at sign-in through the gateway (the sign-in flow)', () => {
  it('sets the session cookie once the e-mail code is confirmed, and never shows the token', async () => {
    const first = await mfaOf('employee@example.be');
    const { view } = first.json();
    expect(view.methods.map((m: { method: string }) => m.method)).toEqual(['email', 'sms']);
    // The primary method's code went out with the password step; no payload reaches the browser.
    expect(first.json().next).toBe('/mfa');
    expect(view.check).toMatchObject({ method: 'email', target: 'e•••e@example.be' });
    expect(first.body).not.toContain('payload');
    const code = stack.be.store.outbox.findLast((m) => m.to === 'employee@example.be')?.code;
    const done = await flowStep(stack, '/api/sign-in/code', flowOf(first), { code, trust: false });
    expect(done.statusCode).toBe(200);
    expect(done.json().view).toBeNull();
    const cookie = signedInCookie(done);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2592000 });
    expectNoToken(done);

    const status = await stack.gateway.inject({
      url: '/api/mfa/status',
      headers: apiHeaders(host),
      cookies: { access_token: cookie?.value ?? '' },
    });
    expect(status.json()).toEqual({ need_card: false, single: false, sudo: true });
  });

  it('refuses a wrong code at its field, without a cookie', async () => {
    const first = await mfaOf('employee@example.be');
    const res = await flowStep(stack, '/api/sign-in/code', flowOf(first), { code: '00000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'invalid_code',
      message: 'Your code is invalid, try again.',
      field: 'code',
    });
    expect(signedInCookie(res)).toBeUndefined();
  });

  it('skips MFA the next time on a device the user trusted', async () => {
    const done = await completeMfa(stack, await mfaOf('employee@example.be'), host, {
      trustDevice: true,
    });
    expect(done.statusCode).toBe(200);
    const again = await passwordSignIn(stack, 'employee@example.be');
    expect(asksSecondFactor(again)).toBe(false);
    expect(signedInCookie(again)).toBeDefined();
  });

  it('leads a weak password, a duplicate account and a recovery key on, token-free', async () => {
    const weak = await completeMfa(stack, await mfaOf('weak@example.be'), host);
    expect(weak.json()).toEqual({ next: '/weak-password?verified=true', view: null });

    const duplicate = await completeMfa(stack, await mfaOf('duplicate@example.be'), host);
    expect(duplicate.json()).toEqual({ next: '/duplicated', view: null });
    expect(signedInCookie(duplicate)).toBeDefined();
    expectNoToken(duplicate);

    const totp = await mfaOf('totp@example.be');
    const recovery = totp
      .json()
      .view.methods.find((m: { method: string }) => m.method === 'totpRecovery');
    const flow = flowOf(totp);
    await flowStep(stack, '/api/sign-in/method', flow, { mfaId: recovery.id });
    const byKey = await flowStep(stack, '/api/sign-in/code', flow, { code: 'RECOVERY05' });
    expect(byKey.json()).toEqual({ next: '/mfa/totp-recovery?x=9', view: null });
    expectNoToken(byKey);
  });
});

describe('lockout through the gateway', () => {
  it('passes the 429 on with Retry-After in seconds', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await passwordSignIn(stack, 'customer@example.be', 'wrong-password')).statusCode,
      ).toBe(400);
    }
    const res = await passwordSignIn(stack, 'customer@example.be', 'wrong-password');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: 'too_many_attempts',
      message: 'Too many attempts. Please try again later.',
    });
    expect(res.headers['retry-after']).toBe('900');
    expect(signedInCookie(res)).toBeUndefined();
  });
});

describe('step-up through the gateway (the step-up flow)', () => {
  it('grants sudo under a new cookie value; the old one is revoked', async () => {
    const token = await signIn(stack);
    stack.be.store.clock.advance(16 * 60_000);
    const headers = browserHeaders(stack);
    const status = (access_token: string) =>
      stack.gateway.inject({ url: '/api/mfa/status', headers, cookies: { access_token } });
    expect((await status(token)).json().sudo).toBe(false);

    const renewed = await stepUp(stack, token);
    expect(renewed).not.toBe(token);
    expect((await status(renewed)).json().sudo).toBe(true);
    expect((await status(token)).statusCode).toBe(401);
  });

  it('answers 401 to a step-up without a session', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/step-up/start',
      headers: browserHeaders(stack),
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('login by the address-hash token', () => {
  it('signs the browser in with the cookie and answers only signed_in', async () => {
    // A first-party app (here: a session of the mock) hands its user over.
    const appToken = await signIn(stack);
    const handover = await stack.be.app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: { authorization: `Bearer ${appToken}` },
    });
    const { token } = handover.json();
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token/hash',
      headers: browserHeaders(stack),
      payload: { token, 'origin-app': 'mobile', confirmed: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_in: true, weak: false, next: '/user/dashboard' });
    const cookie = signedInCookie(res);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).not.toBe(appToken);
    expectNoToken(res);

    const replay = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token/hash',
      headers: browserHeaders(stack),
      payload: { token, confirmed: true },
    });
    expect(replay.statusCode).toBe(400);
    expect(signedInCookie(replay)).toBeUndefined();
  });
});

describe('login by the address-hash token: where it goes next is the gateway’s', () => {
  const handOver = async () => {
    const appToken = await signIn(stack);
    const res = await stack.be.app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: { authorization: `Bearer ${appToken}` },
    });
    return res.json().token as string;
  };
  const confirmed = async (target: string) =>
    stack.gateway.inject({
      method: 'POST',
      url: '/api/token/hash',
      headers: browserHeaders(stack),
      payload: { token: await handOver(), confirmed: true, target },
    });

  it('goes on to the page the link was opened on, as the gateway checked it', async () => {
    expect((await confirmed('/security')).json().next).toBe('/security');
  });

  it.each(['/.//127.0.0.1:3399/x', '/%2e//evil.example', '/a/..//evil.example', '//evil.example'])(
    'never to another host spelled %j: the dashboard',
    async (target) => {
      expect((await confirmed(target)).json().next).toBe('/user/dashboard');
    },
  );
});

describe('sign-in through the gateway', () => {
  it('sets the token as an httpOnly cookie and never in the body', async () => {
    // customer@example.be has no MFA method: the password alone signs in.
    const res = await passwordSignIn(stack, 'customer@example.be');
    expect(res.statusCode).toBe(200);
    // Signed in: no second factor to ask; it may set one up (the offer comes next).
    expect(res.json()).toEqual({ next: '/setup-mfa', view: null });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2592000 });
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
    expect(res.body).not.toContain(cookie?.value);
  });

  it('scopes the cookie to the parent domain on account.example.be', async () => {
    const res = await passwordSignIn(stack, 'customer@example.be', DEMO_PASSWORD, {
      ...browserHeaders(stack, 'account.example.be'),
      'x-forwarded-proto': 'https',
    });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie?.domain).toBe('example.be');
  });

  it('passes a wrong password on as 400 with the spec message', async () => {
    const res = await passwordSignIn(stack, 'employee@example.be', 'wrong');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid username/password.', field: 'password' });
    expect(res.cookies).toHaveLength(0);
  });

  it('names the wrong field of a bad request', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: browserHeaders(stack),
      payload: { username: 'employee@example.be' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(res.json().issues[0].path).toBe('body.password');
  });

  it('serves the user to the cookie holder and signs out', async () => {
    const token = await signIn(stack);
    const readUser = () =>
      stack.gateway.inject({
        method: 'GET',
        url: '/api/user',
        headers: apiHeaders('be.localhost:3000'),
        cookies: { access_token: token },
      });
    const user = await readUser();
    expect(user.statusCode).toBe(200);
    expect(user.json().data.firstname).toBe('Emma');

    const out = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/token',
      headers: { host: 'be.localhost:3000', 'x-device-id': stack.deviceId },
      cookies: { access_token: token },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'access_token')?.value).toBe('');

    const after = await readUser();
    expect(after.statusCode).toBe(401);
  });
});
