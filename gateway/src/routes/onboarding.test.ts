import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, mockOf, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  await stack.lu.app.inject({ method: 'POST', url: '/__dev/reset' });
  stack.deviceId = randomUUID();
});

const BE = 'be.localhost:3000';

const post = (url: string, payload: object, host = BE) =>
  stack.gateway.inject({ method: 'POST', url, headers: browserHeaders(stack, host), payload });

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
    const signIn = await post('/api/sign-in/password', {
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
