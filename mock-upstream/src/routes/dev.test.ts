import { afterAll, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../seed';
import { deviceHeaders, lastCode, signInAs } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be' });
const { app } = mock;
afterAll(() => app.close());

async function clone(from: unknown, options: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: '/__dev/accounts', payload: { from, ...options } });
}

/** The second-factor methods the sign-in of `login` offers, in the order offered. */
async function offeredMethods(login: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/token',
    headers: deviceHeaders(),
    payload: { grant_type: 'password', username: login, password: DEMO_PASSWORD },
  });
  if (res.statusCode === 200) return [];
  return (res.json().mfa.methods as { method: string }[]).map((m) => m.method);
}

describe('POST /__dev/accounts', () => {
  it('copies a demo account under new logins that sign in and receive their own codes', async () => {
    const res = await clone('employee@example.be');
    expect(res.statusCode).toBe(201);
    const account = res.json();
    expect(account.login).toMatch(/^employee\+t[0-9a-f]{6}@example\.be$/);
    expect(account.phone).toMatch(/^\+32479\d{6}$/);
    expect(account.password).toBe(DEMO_PASSWORD);
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
    // The other account's card comes along under a number of its own, on the copy.
    expect(duplicate.cards).toEqual([]);
    expect(duplicate.duplicate_cards).toEqual([expect.stringMatching(/^50657\d{11}$/)]);
    const card = mock.store.cards.get(duplicate.duplicate_cards[0]);
    const owner = [...mock.store.accounts.values()].find((a) => a.id === card?.accountId);
    expect(owner?.email.map((e) => e.value)).toEqual([duplicate.duplicate_of]);
    expect(mock.store.cards.get('5065000000000006')?.accountId).not.toBe(card?.accountId);
  });

  it("gives the copy the test's second factors, forced setup, weak password and language", async () => {
    const bySms = (await clone('employee@example.be', { mfa: ['sms'], language: 'de' })).json();
    expect(await offeredMethods(bySms.login)).toEqual(['sms']);
    expect(bySms.totp_secret).toBeNull();
    const token = await signInAs(mock, bySms.login);
    const me = await app.inject({ url: '/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().data).toMatchObject({ firstname: 'Emma', language: 'de' });

    const withApp = (await clone('employee@example.be', { mfa: ['totp', 'email'] })).json();
    expect(await offeredMethods(withApp.login)).toEqual(['totp', 'email', 'totpRecovery']);
    expect(withApp.totp_secret).toBe(DEMO_TOTP_SECRET);
    expect(withApp.recovery_keys).toHaveLength(10);

    const forced = (await clone('employee@example.be', { mfa: [], mfa_forced: true })).json();
    expect(await offeredMethods(forced.login)).toEqual([]);
    const weak = (await clone('customer@example.be', { weak_password: true })).json();
    for (const [login, fields] of [
      [forced.login, { mfa_forced: true, password_status: 0 }],
      [weak.login, { mfa_forced: false, password_status: 1 }],
    ] as const) {
      const signedIn = await signInAs(mock, login);
      const user = await app.inject({
        url: '/user',
        headers: { authorization: `Bearer ${signedIn}` },
      });
      expect(user.json().data).toMatchObject(fields);
    }
    // The demo account itself keeps its own.
    expect(await offeredMethods('employee@example.be')).toEqual(['email', 'sms']);
  });

  it('says which choice was wrong', async () => {
    const kind = await clone('employee@example.be', { mfa: ['fax'] });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/^mfa\.0: /);
    const twice = await clone('employee@example.be', { mfa: ['sms', 'sms'] });
    expect(twice.json().message).toBe('mfa: each second factor at most once');
    const language = await clone('employee@example.be', { language: 'lb' });
    expect(language.json().message).toMatch(/^language: /);
    const unknown = await clone('employee@example.be', { card: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/card/);
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
