import { afterAll, describe, expect, it } from 'vitest';
import { buildMockUpstream } from './app';
import { DEMO_PASSWORD } from './seed';

const { app } = buildMockUpstream({ region: 'be' });
afterAll(() => app.close());

const grant = (username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/token',
    payload: { grant_type: 'password', username, password },
  });

describe('password grant', () => {
  it('issues a random bearer token of at least 128 bits that reads the user', async () => {
    const res = await grant('employee@example.be', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { access_token } = res.json();
    expect(Buffer.from(access_token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const other = (await grant('employee@example.be', DEMO_PASSWORD)).json().access_token;
    expect(other).not.toBe(access_token);

    const user = await app.inject({
      url: '/user',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(user.json().data).toMatchObject({ firstname: 'Emma', user_id: 1001 });
  });

  it('signs in by phone number too', async () => {
    expect((await grant('+32470000001', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 400 with the spec message on a wrong password', async () => {
    const res = await grant('employee@example.be', 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid username/password.');
  });

  it('revokes the token on DELETE /token', async () => {
    const { access_token } = (await grant('employee@example.be', DEMO_PASSWORD)).json();
    const headers = { authorization: `Bearer ${access_token}` };
    expect((await app.inject({ method: 'DELETE', url: '/token', headers })).statusCode).toBe(204);
    expect((await app.inject({ url: '/user', headers })).statusCode).toBe(401);
  });

  it('serves Luxembourg data in the LU region only', async () => {
    const lu = buildMockUpstream({ region: 'lu' });
    const res = await lu.app.inject({
      method: 'POST',
      url: '/token',
      payload: { grant_type: 'password', username: 'marie@example.lu', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect((await grant('marie@example.lu', DEMO_PASSWORD)).statusCode).toBe(400);
    await lu.app.close();
  });
});
