import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, lastCode, signIn, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const SUDO_MS = 15 * 60_000;

/**
 * Calls from the web app with the session cookie (no JSON content type
 * without a body), which follows the renewed token a credential change sets
 * (docs/threat-model.md, "A session's life"), as the browser's does.
 */
function as(token: string) {
  let current = token;
  return async (options: InjectOptions & { payload?: unknown }) => {
    const { 'content-type': _, ...bare } = browserHeaders(stack);
    const headers = options.payload === undefined ? bare : browserHeaders(stack);
    const res = await stack.gateway.inject({
      ...options,
      headers: { ...headers, ...options.headers },
      cookies: { access_token: current },
    });
    current = res.cookies.find((c) => c.name === 'access_token')?.value ?? current;
    return res;
  };
}

type Method = { id: number; method: string; target: string | null; primary: boolean };

async function methodsOf(token: string): Promise<Method[]> {
  const res = await as(token)({ method: 'GET', url: '/api/mfa' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('MFA management through the gateway', () => {
  it('lists the methods, and with includeAll the contacts that could become one', async () => {
    const token = await signIn(stack, 'customer@example.be');
    expect(await methodsOf(token)).toEqual([]);
    const res = await as(token)({ method: 'GET', url: '/api/mfa?includeAll' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: Method) => m.target)).toEqual([
      'customer@example.be',
      '+32470000003',
    ]);
  });

  it('logs the user out when the upstream answers 401 to the list', async () => {
    const token = await signIn(stack);
    await as(token)({ method: 'DELETE', url: '/api/token' });
    const res = await as(token)({ method: 'GET', url: '/api/mfa?includeAll' });
    expect(res.statusCode).toBe(401);
    const cleared = res.cookies.find((c) => c.name === 'access_token');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('sets up SMS: the wrong code gives the upstream 422 message, the right one confirms it', async () => {
    const token = await signIn(stack, 'totp@example.be');
    const call = as(token);
    const started = await call({ method: 'POST', url: '/api/mfa', payload: { method: 'sms' } });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ method: 'sms', target: '+32470000002' });
    const code = lastCode(stack, '+32470000002');

    const wrong = await call({
      method: 'POST',
      url: '/api/mfa/activate',
      payload: {
        payload: started.json().payload,
        code: code === '12345678' ? '87654321' : '12345678',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The code is invalid.' });

    const done = await call({
      method: 'POST',
      url: '/api/mfa/activate',
      payload: { payload: started.json().payload, code },
    });
    expect(done.statusCode).toBe(200);
    // A second factor added: the session goes on under a new token.
    expect(done.cookies.find((c) => c.name === 'access_token')?.value).not.toBe(token);
    expect(done.cookies.find((c) => c.name === 'access_token')).toBeDefined();
    const methods: Method[] = (await call({ method: 'GET', url: '/api/mfa' })).json();
    expect(methods.some((m) => m.method === 'sms')).toBe(true);
  });

  it('keeps the method waiting for its code in the set-up’s flow, for a reload, until it is confirmed', async () => {
    const token = await signIn(stack, 'totp@example.be');
    let flow = '';
    const call = async (options: InjectOptions & { payload?: unknown }) => {
      const res = await as(token)({ ...options, headers: { cookie: `flow=${flow}` } });
      flow = res.cookies.find((c) => c.name === 'flow')?.value ?? flow;
      return res;
    };
    // Nothing set up in this browser: nothing waits.
    const none = await call({ method: 'GET', url: '/api/mfa/setup/pending' });
    expect(none.statusCode).toBe(410);
    expect(none.json().code).toBe('flow_gone');
    const started = await call({ method: 'POST', url: '/api/mfa', payload: { method: 'sms' } });
    // Its flow is an httpOnly cookie; the confirmation page reads it from the gateway.
    expect(started.cookies.find((c) => c.name === 'flow')).toMatchObject({ httpOnly: true });
    const pending = await call({ method: 'GET', url: '/api/mfa/setup/pending' });
    expect(pending.json()).toEqual(started.json());
    // A new code: the flow keeps its new payload.
    const again = await call({
      method: 'GET',
      url: `/api/mfa/${started.json().id}/activate`,
      query: { target: '+32470000002' },
    });
    expect(again.statusCode).toBe(200);
    const renewed = await call({ method: 'GET', url: '/api/mfa/setup/pending' });
    expect(renewed.json().payload).toBe(again.json().payload);
    const done = await call({
      method: 'POST',
      url: '/api/mfa/activate',
      payload: { payload: again.json().payload, code: lastCode(stack, '+32470000002') },
    });
    expect(done.statusCode).toBe(200);
    // Confirmed: the set-up's journey is over.
    expect((await call({ method: 'GET', url: '/api/mfa/setup/pending' })).statusCode).toBe(410);
  });

  it('hands out the authenticator secret and otpauth URI for the QR code, never a token', async () => {
    const token = await signIn(stack);
    const res = await as(token)({ method: 'POST', url: '/api/mfa', payload: { method: 'totp' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*employee%40example\.be/);
    expect(res.json().secret).toMatch(/^[A-Z2-7]+$/);
    expect(res.body).not.toContain(token);
  });

  it('switches primary and deletes; the backup becomes primary; the last e-mail/SMS method answers 409', async () => {
    const token = await signIn(stack);
    const call = as(token);
    const [email, sms] = await methodsOf(token);
    const switched = await call({ method: 'POST', url: `/api/mfa/switch-primary/${sms?.id}` });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()[0]).toMatchObject({ id: sms?.id, primary: true });

    const deleted = await call({ method: 'DELETE', url: `/api/mfa/${sms?.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual([expect.objectContaining({ id: email?.id, primary: true })]);

    const refused = await call({ method: 'DELETE', url: `/api/mfa/${email?.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'At least one e-mail or SMS verification method must remain.',
    );
  });

  it('deletes by target when the id is negative', async () => {
    const token = await signIn(stack);
    const res = await as(token)({
      method: 'DELETE',
      url: `/api/mfa/-1?target=${encodeURIComponent('+32470000001')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: Method) => m.method)).toEqual(['email']);
  });

  it('passes 403 sudo_required through once the recent MFA check lapsed', async () => {
    const token = await signIn(stack, 'totp@example.be');
    stack.be.store.clock.advance(SUDO_MS + 1000);
    const res = await as(token)({ method: 'POST', url: '/api/mfa/regenerate-recovery' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('sudo_required');
  });

  it('regenerates 10 recovery keys and the user sees them as unused', async () => {
    const token = await signIn(stack, 'totp@example.be');
    const res = await as(token)({ method: 'POST', url: '/api/mfa/regenerate-recovery' });
    expect(res.statusCode).toBe(200);
    expect(res.json().recovery_keys).toHaveLength(10);
    // New keys prove the account: the session moves to a new token, the old one is dead.
    const renewed = res.cookies.find((c) => c.name === 'access_token')?.value;
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(token);
    expect((await as(token)({ method: 'GET', url: '/api/mfa' })).statusCode).toBe(401);
  });

  it('answers 204 when an active method has nothing to confirm, and names a bad id', async () => {
    const token = await signIn(stack);
    const [email] = await methodsOf(token);
    const skip = await as(token)({ method: 'GET', url: `/api/mfa/${email?.id}/activate` });
    expect(skip.statusCode).toBe(204);
    const bad = await as(token)({ method: 'GET', url: '/api/mfa/abc/activate' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('params.id');
  });

  it('refuses a state-changing call without X-Device-ID', async () => {
    const token = await signIn(stack);
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/mfa/regenerate-recovery',
      headers: { host: 'be.localhost:3000' },
      cookies: { access_token: token },
    });
    expect(res.statusCode).toBe(403);
  });
});
