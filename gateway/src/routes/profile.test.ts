import { beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, DEMO_PASSWORD, lastCode, signIn, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function as(token: string) {
  const { 'content-type': _json, ...bare } = browserHeaders(stack);
  const cookies = { access_token: token };
  return (method: Method, url: string, payload?: object) =>
    stack.gateway.inject({
      method,
      url,
      cookies,
      ...(payload ? { headers: browserHeaders(stack), payload } : { headers: bare }),
    });
}

describe('profile through the gateway', () => {
  it('edits the personal info', async () => {
    const call = as(await signIn(stack));
    const res = await call('PATCH', '/api/user', { lastname: 'Peeters-Claes', language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ lastname: 'Peeters-Claes', language: 'en' });
  });

  it('passes the spec 422 of a bad IBAN on, and stores a good one', async () => {
    // Signing in with MFA is a recent MFA check: sensitive changes are allowed.
    const call = as(await signIn(stack));
    const bad = await call('PUT', '/api/user/iban', { iban: 'BE71 0961 2345 6760', country: 'BE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'The provided IBAN is invalid.' });
    const good = await call('PUT', '/api/user/iban', {
      iban: 'BE71 0961 2345 6769',
      country: 'BE',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data.iban).toBe('BE71096123456769');
  });

  it('asks for a step-up once the MFA check is old', async () => {
    const call = as(await signIn(stack));
    stack.be.store.clock.advance(16 * 60_000);
    const res = await call('PUT', '/api/user/iban', { iban: 'BE71096123456769', country: 'BE' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('sudo_required');
  });

  it('adds an e-mail, verifies it by code and makes it primary', async () => {
    const call = as(await signIn(stack));
    const added = await call('POST', '/api/user/login', { email: 'emma.home@example.be' });
    expect(added.statusCode).toBe(200);
    const { id, payload } = added.json();
    const wrong = await call('POST', '/api/user/login/confirm', { payload, code: '1234' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBeTruthy();
    const confirmed = await call('POST', '/api/user/login/confirm', {
      payload,
      code: lastCode(stack, 'emma.home@example.be'),
    });
    expect(confirmed.statusCode).toBe(200);
    const primary = await call('POST', `/api/user/contacts/${id}/primary`);
    expect(primary.statusCode).toBe(200);
    expect(primary.json().data.email[0]).toMatchObject({
      value: 'emma.home@example.be',
      default: true,
    });
  });

  it('passes the duplicate code and the last-phone refusal on', async () => {
    const call = as(await signIn(stack));
    const dup = await call('POST', '/api/user/login', { email: 'employee@example.be' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      code: 'email-duplicated',
      message: 'This email is already in use. Please use another one.',
    });
    const user = (await call('GET', '/api/user')).json().data;
    const last = await call('DELETE', `/api/user/contacts/${user.phone[0].id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('last_phone');
  });

  it('changes the password after checking the current one', async () => {
    const call = as(await signIn(stack));
    const wrong = await call('POST', '/api/user/password', {
      current_password: 'nope',
      password: 'Another-Good-Pass-9',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('password_incorrect');
    // The current password again: a refusal of its own kind, passed on as it is.
    const same = await call('POST', '/api/user/password', {
      current_password: DEMO_PASSWORD,
      password: DEMO_PASSWORD,
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('password_unchanged');
    const weak = await call('POST', '/api/user/password', {
      current_password: DEMO_PASSWORD,
      password: 'password',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues.map((i: { message: string }) => i.message)).toContain('No number');
    const ok = await call('POST', '/api/user/password', {
      current_password: DEMO_PASSWORD,
      password: 'Another-Good-Pass-9',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.password_status).toBe(0);
  });

  it('lets the weak-password user choose a new one without the old one', async () => {
    const call = as(await signIn(stack, 'weak@example.be'));
    const res = await call('POST', '/api/user/password/weak', { password: 'Finally-Strong-2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.password_status).toBe(0);
  });

  it('asks to sign in without a cookie, and refuses changes from another site', async () => {
    const anonymous = await stack.gateway.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: browserHeaders(stack),
      payload: { firstname: 'Eve' },
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await signIn(stack);
    const crossSite = await stack.gateway.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { host: 'be.localhost:3000', 'content-type': 'application/json' },
      cookies: { access_token: token },
      payload: { firstname: 'Eve' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('clears the cookie of a token revoked elsewhere', async () => {
    const token = await signIn(stack);
    await as(token)('DELETE', '/api/sessions');
    const res = await as(token)('GET', '/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'access_token')?.value).toBe('');
  });
});
