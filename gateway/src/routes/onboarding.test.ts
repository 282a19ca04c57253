import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiHeaders, browserHeaders, fileStack, mockOf } from '../test-helpers';

const stack = fileStack();
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  await stack.lu.app.inject({ method: 'POST', url: '/__dev/reset' });
  stack.deviceId = randomUUID();
});

const BE = 'be.localhost:3000';
const LU = 'lu.localhost:3000';
const PASSWORD = 'My-First-Card-2026!';

const post = (url: string, payload: object, host = BE) =>
  stack.gateway.inject({ method: 'POST', url, headers: browserHeaders(stack, host), payload });

const sessionCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((c) => c.name === 'access_token');

/** The newest code the region's mock sent to `to` (what the person reads in their mailbox). */
const codeFor = (to: string, host = BE) =>
  mockOf(stack, host).store.outbox.findLast((m) => m.to === to)?.code ?? '';

describe('forgot password and username through the gateway', () => {
  it('sends a code by e-mail and resets the password with it', async () => {
    const asked = await post('/api/user/forgot-password', { login: 'employee@example.be' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ technology: 'email', recipient: ['e•••e@example.be'] });

    const reset = await post('/api/user/reset-password', {
      payload: asked.json().payload,
      code: codeFor('employee@example.be'),
      password: 'Fresh-Start-2027?',
    });
    expect(reset.statusCode).toBe(204);
    const signIn = await post('/api/token', {
      grant_type: 'password',
      username: 'employee@example.be',
      password: 'Fresh-Start-2027?',
    });
    // Right password, on the device whose reset just proved the code's channel:
    // signed in without a second code, once (docs/journeys-signin.md).
    expect(signIn.statusCode).toBe(200);
    expect(signIn.cookies.some((c) => c.name === 'access_token' && c.value !== '')).toBe(true);
  });

  it('passes the 422 message of a wrong code on', async () => {
    const { payload } = (await post('/api/user/forgot-password', { login: '+32470000001' })).json();
    const res = await post('/api/user/reset-password', {
      payload,
      code: '00000000',
      password: 'Fresh-Start-2027?',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The code is invalid.' });
  });

  it('checks the reset code at its own step: 422 for a wrong one, 204 for the right one', async () => {
    const { payload } = (
      await post('/api/user/forgot-password', { login: 'employee@example.be' })
    ).json();
    const wrong = await post('/api/user/reset-password/check', { payload, code: '00000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The code is invalid.' });
    const code = codeFor('employee@example.be');
    const right = await post('/api/user/reset-password/check', { payload, code });
    expect(right.statusCode).toBe(204);
    const malformed = await post('/api/user/reset-password/check', { payload, code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    const reset = await post('/api/user/reset-password', {
      payload,
      code,
      password: 'Fresh-Start-2027?',
    });
    expect(reset.statusCode).toBe(204);
  });

  it('lists the masked usernames of a national register number', async () => {
    const res = await post('/api/user/forgot-username', {
      national_register_number: '85073100130',
    });
    expect(res.json().usernames).toContain('e•••e@example.be');
  });

  it('refuses a state-changing call without the device id', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      headers: { host: BE, 'content-type': 'application/json' },
      payload: { login: 'employee@example.be' },
    });
    expect(res.statusCode).toBe(403);
  });
});

async function onboard(host: string, start: object, email: string, phone: string) {
  const started = await post('/api/onboarding', start, host);
  expect(started.statusCode).toBe(200);
  const { payload } = started.json();
  await post('/api/onboarding/email', { payload, email }, host);
  await post('/api/onboarding/email/verify', { payload, code: codeFor(email, host) }, host);
  await post('/api/onboarding/phone', { payload, phone }, host);
  await post('/api/onboarding/phone/verify', { payload, code: codeFor(phone, host) }, host);
  await post('/api/onboarding/password', { payload, password: PASSWORD }, host);
  return post(
    '/api/onboarding/terms',
    { payload, terms: true, privacy: true, firstname: 'Nina', lastname: 'Nieuw', marketing: true },
    host,
  );
}

describe('onboarding through the gateway', () => {
  it('signs the new user in with the session cookie, never the token in the body', async () => {
    const done = await onboard(
      BE,
      { card_number: '5065000000000001' },
      'fresh@example.be',
      '+32470123456',
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ signed_in: true, weak: false, outcome: 'card_activated' });
    const cookie = sessionCookie(done);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2592000 });
    expect(done.body).not.toContain(cookie?.value);

    const user = await stack.gateway.inject({
      method: 'GET',
      url: '/api/user',
      headers: apiHeaders(BE),
      cookies: { access_token: cookie?.value ?? '' },
    });
    expect(user.json().data.email[0].value).toBe('fresh@example.be');
  });

  it('reaches the Luxembourg upstream on the LU host with an activation code', async () => {
    const done = await onboard(
      LU,
      { activation_code: 'LU-ACT-0001' },
      'jean@example.lu',
      '+352621123456',
    );
    expect(done.json().outcome).toBe('card_activated');
    expect(stack.lu.store.cards.get('LU-ACT-0001')?.state).toBe('activated');
  });

  it('passes a step out of order on as 409 wrong_step, without a cookie', async () => {
    const { payload } = (await post('/api/onboarding', { invitation_code: 'WELCOME2026' })).json();
    const res = await post('/api/onboarding/terms', {
      payload,
      terms: true,
      privacy: true,
      firstname: 'Nina',
      lastname: 'Nieuw',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wrong_step');
    expect(sessionCookie(res)).toBeUndefined();
  });
});
