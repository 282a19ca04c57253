import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  browserHeaders,
  completeMfa,
  DEMO_PASSWORD,
  passwordSignIn,
  sendCode,
  signIn,
  startCodeCheck,
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

async function mfaOf(username: string) {
  const res = await passwordSignIn(stack, username);
  expect(res.statusCode).toBe(401);
  expect(signedInCookie(res)).toBeUndefined();
  return res.json().mfa as { payload: string; methods: { id: number; method: string }[] };
}

/** No answer the browser gets may carry a token. */
function expectNoToken(res: LightMyRequestResponse) {
  expect(res.body).not.toContain('access_token');
  const cookie = signedInCookie(res);
  if (cookie) expect(res.body).not.toContain(cookie.value);
}

describe('MFA at sign-in through the gateway', () => {
  it('sets the session cookie once the e-mail code is confirmed, and never shows the token', async () => {
    const mfa = await mfaOf('employee@example.be');
    expect(mfa.methods.map((m) => m.method)).toEqual(['email', 'sms']);

    const start = await startCodeCheck(stack, mfa.payload, mfa.methods[0]?.id);
    expect(start.json()).toEqual({
      payload: mfa.payload,
      method: 'email',
      target: 'e•••e@example.be',
    });
    const code = stack.be.store.outbox.findLast((m) => m.to === 'employee@example.be')?.code;
    const done = await sendCode(stack, { payload: mfa.payload, code, isTrustedDevice: false });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ signed_in: true, weak: false });
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

  it('passes a wrong code on as 422 with the message, without a cookie', async () => {
    const mfa = await mfaOf('employee@example.be');
    await startCodeCheck(stack, mfa.payload);
    const res = await sendCode(stack, { payload: mfa.payload, code: '00000000' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The code is invalid.' });
    expect(signedInCookie(res)).toBeUndefined();
  });

  it('skips MFA the next time on a device the user trusted', async () => {
    const mfa = await mfaOf('employee@example.be');
    const done = await completeMfa(stack, mfa, host, { trustDevice: true });
    expect(done.statusCode).toBe(200);
    const again = await passwordSignIn(stack, 'employee@example.be');
    expect(again.statusCode).toBe(200);
    expect(signedInCookie(again)).toBeDefined();
  });

  it('tells a weak password, a duplicate account and the recovery keys left, token-free', async () => {
    const weak = await completeMfa(stack, await mfaOf('weak@example.be'), host);
    expect(weak.json()).toEqual({ signed_in: true, weak: true });

    const duplicate = await completeMfa(stack, await mfaOf('duplicate@example.be'), host);
    expect(duplicate.json()).toEqual({
      signed_in: true,
      weak: false,
      fuzzion: { payload: expect.any(String) },
    });
    expect(signedInCookie(duplicate)).toBeDefined();
    expectNoToken(duplicate);

    const totp = await mfaOf('totp@example.be');
    const recovery = totp.methods.find((m) => m.method === 'totpRecovery');
    await startCodeCheck(stack, totp.payload, recovery?.id);
    const byKey = await sendCode(stack, { payload: totp.payload, code: 'RECOVERY05' });
    expect(byKey.json()).toEqual({ signed_in: true, weak: false, recovery_keys_left: 9 });
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

describe('step-up through the gateway', () => {
  it('grants sudo under a new cookie value; the old one is revoked', async () => {
    const token = await signIn(stack);
    stack.be.store.clock.advance(16 * 60_000);
    const headers = browserHeaders(stack);
    const status = (access_token: string) =>
      stack.gateway.inject({ url: '/api/mfa/status', headers, cookies: { access_token } });
    expect((await status(token)).json().sudo).toBe(false);

    const cookies = { access_token: token };
    const start = await stack.gateway.inject({ url: '/api/mfa/sudo?single=1', headers, cookies });
    expect(start.statusCode).toBe(200);
    const code = stack.be.store.outbox.findLast((m) => m.to === 'employee@example.be')?.code;
    const done = await stack.gateway.inject({
      method: 'POST',
      url: '/api/mfa/sudo',
      headers,
      cookies,
      payload: { payload: start.json().payload, code },
    });
    expect(done.json()).toEqual({ sudo: true });
    const renewed = signedInCookie(done);
    expect(renewed?.value).toBeDefined();
    expect(renewed?.value).not.toBe(token);
    expect((await status(renewed?.value ?? '')).json().sudo).toBe(true);
    expect((await status(token)).statusCode).toBe(401);
  });

  it('answers 401 to a step-up without a session', async () => {
    const res = await stack.gateway.inject({
      url: '/api/mfa/sudo?single=1',
      headers: browserHeaders(stack),
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
    expect(res.json()).toEqual({ signed_in: true, weak: false });
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
    expect(res.json()).toMatchObject({ message: 'Invalid username/password.' });
    expect(res.cookies).toHaveLength(0);
  });

  it('names the wrong field of a bad request', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: browserHeaders(stack),
      payload: { grant_type: 'password', username: 'employee@example.be' },
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
