import { afterAll, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_TOTP_SECRET } from '../seed';
import { lastCode, signInAs } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be' });
const { app } = mock;
afterAll(() => app.close());

async function clone(from: unknown) {
  return app.inject({ method: 'POST', url: '/__dev/accounts', payload: { from } });
}

describe('POST /__dev/accounts', () => {
  it('copies a demo account under new logins that sign in and receive their own codes', async () => {
    const res = await clone('employee@example.be');
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account.login).toMatch(/^employee\+t[0-9a-f]{6}@example\.be$/);
    expect(account.phone).toMatch(/^\+32479\d{6}$/);
    expect(account.password).toBe('Portal-Demo-2026!');
    // signInAs finishes MFA with the code e-mailed to the clone's own address.
    const token = await signInAs(mock, account.login);
    const me = await app.inject({ url: '/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data).toMatchObject({ firstname: 'Emma', email: [{ value: account.login }] });
    expect(lastCode(mock, account.login)).toMatch(/^\d+$/);
    expect(() => lastCode(mock, 'employee@example.be')).toThrow();
  });

  it('gives two copies of one account different logins and phones', async () => {
    const [a, b] = await Promise.all([clone('employee@example.be'), clone('+32470000001')]);
    expect(a.json().login).not.toBe(b.json().login);
    expect(a.json().phone).not.toBe(b.json().phone);
  });

  it('keeps the authenticator secret and recovery keys, and pairs a duplicate with a copy of its other account', async () => {
    const totp = (await clone('totp@example.be')).json();
    expect(totp.totp_secret).toBe(DEMO_TOTP_SECRET);
    expect(totp.recovery_keys).toHaveLength(10);
    const duplicate = (await clone('duplicate@example.be')).json();
    expect(duplicate.duplicate_of).toMatch(/^dana\.willems\+t[0-9a-f]{6}@example\.be$/);
  });

  it('says what was wrong with a missing or unknown demo login', async () => {
    const missing = await clone(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/from is required/);
    const unknown = await clone('nobody@example.be');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/nobody@example.be is not a demo account/);
  });
});
