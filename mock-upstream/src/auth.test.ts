import { afterAll, describe, expect, it } from 'vitest';
import { buildMockUpstream } from './app';
import { DEMO_PASSWORD } from './seed';
import { signInAs } from './test-helpers';

const mock = buildMockUpstream({ region: 'be' });
const { app } = mock;
afterAll(() => app.close());

const grant = (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/token',
    payload: { grant_type: 'password', username, password },
  });

describe('password grant', () => {
  it('issues a random bearer token of at least 128 bits that reads the user', async () => {
    // customer@example.be has no MFA method: the password alone signs in.
    const res = await grant('customer@example.be', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { access_token } = res.json();
    expect(Buffer.from(access_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const other = (await grant('customer@example.be', DEMO_PASSWORD)).json().access_token;
    expect(other).not.toBe(access_token);

    const user = await app.inject({
      url: '/user',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(user.json().data).toMatchObject({ firstname: 'Chloé', customer_user_id: 2001 });
  });

  it('asks employee@example.be for MFA, then the token reads the user', async () => {
    expect((await grant('employee@example.be', DEMO_PASSWORD)).statusCode).toBe(401);
    const token = await signInAs(mock, 'employee@example.be');
    const user = await app.inject({ url: '/user', headers: { authorization: `Bearer ${token}` } });
    expect(user.json().data).toMatchObject({ firstname: 'Emma', user_id: 1001 });
  });

  it('signs in by phone number too', async () => {
    const res = await grant('+32470000001', DEMO_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json().mfa.payload).toEqual(expect.any(String));
  });

  it('answers 400 with the spec message on a wrong password', async () => {
    const res = await grant('employee@example.be', 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid username/password.');
  });

  it('revokes the token on DELETE /token', async () => {
    const headers = { authorization: `Bearer ${await signInAs(mock, 'employee@example.be')}` };
    expect((await app.inject({ method: 'DELETE', url: '/token', headers })).statusCode).toBe(204);
    expect((await app.inject({ url: '/user', headers })).statusCode).toBe(401);
  });

  it('serves Luxembourg data in the LU region only', async () => {
    const lu = buildMockUpstream({ region: 'lu' });
    const token = await signInAs(lu, 'marie@example.lu');
    const user = await lu.app.inject({
      url: '/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.json().data.firstname).toBe('Marie');
    expect((await grant('marie@example.lu', DEMO_PASSWORD)).statusCode).toBe(400);
    await lu.app.close();
  });
});
