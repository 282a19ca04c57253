import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { grantSudo } from '../domain/mfa-codes';
import { DEMO_PASSWORD } from '../seed';
import { findAccountByLogin, issueToken, resetStore } from '../store';

const { app, store } = buildMockUpstream({ region: 'be' });
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0 Safari/537.36';

/** A signed-in session of `login` (the sign-in flow itself is tested in auth.test.ts). */
function session(login: string, { sudo = false } = {}) {
  const account = findAccountByLogin(store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  const row = issueToken(store, account.id, { userAgent: CHROME_LINUX, ip: '127.0.0.1' });
  if (sudo) grantSudo(store, row.token);
  const headers = { authorization: `Bearer ${row.token}` };
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return { account, token: row.token, call };
}

const lastCode = (to: string) => {
  const message = store.outbox.filter((m) => m.to === to).at(-1);
  if (!message) throw new Error(`no message to ${to}`);
  return message.code;
};

const kinds = (accountId: number) =>
  store.history.filter((e) => e.accountId === accountId).map((e) => e.kind);

describe('personal info', () => {
  it('updates names, birth date, gender and language and records it', async () => {
    const { call, account } = session('employee@example.be');
    const res = await call('PATCH', '/user', {
      firstname: ' Emmy ',
      birthdate: '1986-01-02',
      gender: 'other',
      language: 'fr',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstname: 'Emmy',
      lastname: 'Peeters',
      birthdate: '1986-01-02',
      gender: 'other',
      language: 'fr',
    });
    expect(kinds(account.id)).toContain('profile_updated');
    const changed = store.history.filter(
      (e) => e.accountId === account.id && e.kind === 'profile_updated',
    );
    expect(changed.at(-1)?.detail).toBe('firstname, birthdate, gender');
  });

  it('a language change alone is a preference, not a security event', async () => {
    const { call, account } = session('employee@example.be');
    const res = await call('PATCH', '/user', { language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.language).toBe('fr');
    expect(kinds(account.id)).not.toContain('profile_updated');
  });

  it('refuses a birth date in the future, naming the field', async () => {
    const { call } = session('employee@example.be');
    const res = await call('PATCH', '/user', { birthdate: '2999-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toMatchObject({ path: 'body.birthdate' });
    const impossible = await call('PATCH', '/user', { birthdate: '1990-02-30' });
    expect(impossible.statusCode).toBe(400);
  });

  it('allows only the region languages: de on LU, not on BE', async () => {
    const be = session('employee@example.be');
    const refused = await be.call('PATCH', '/user', { language: 'de' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('en, fr, nl');

    const lu = buildMockUpstream({ region: 'lu' });
    const marie = findAccountByLogin(lu.store, 'marie@example.lu');
    const token = marie ? issueToken(lu.store, marie.id).token : '';
    const res = await lu.app.inject({
      method: 'PATCH',
      url: '/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { language: 'de' },
    });
    expect(res.json().data.language).toBe('de');
    await lu.app.close();
  });

  it('needs a token', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/user', payload: { firstname: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('IBAN', () => {
  it('asks for a recent MFA check first', async () => {
    const { call } = session('employee@example.be');
    const res = await call('PUT', '/user/iban', { iban: 'BE71096123456769', country: 'BE' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('sudo_required');
  });

  it('answers 422 with the spec message on a bad checksum', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const res = await call('PUT', '/user/iban', { iban: 'BE71096123456760', country: 'BE' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'The provided IBAN is invalid.' });
  });

  it('stores a good IBAN in electronic format with its country and records it', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const res = await call('PUT', '/user/iban', { iban: 'nl91 abna 0417 1643 00', country: 'NL' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ iban: 'NL91ABNA0417164300', iban_country: 'NL' });
    expect(kinds(account.id)).toContain('iban_changed');
  });

  it('refuses a country outside the list', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const res = await call('PUT', '/user/iban', { iban: 'BE71096123456769', country: 'US' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('body.country');
  });
});

describe('password change', () => {
  const NEW = 'Brand-New-Pass-42';
  const signInStatus = async (password: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/token',
        payload: { grant_type: 'password', username: 'employee@example.be', password },
      })
    ).statusCode;

  it('checks the current password', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const res = await call('POST', '/user/password', {
      current_password: 'not-my-password',
      password: NEW,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'password_incorrect',
      message: 'Your current password is incorrect.',
    });
    expect(await signInStatus(NEW)).toBe(400);
  });

  it("counts wrong current passwords toward the sign-in's lock: the fifth pauses every password check of the account", async () => {
    const { call, account, token } = session('employee@example.be', { sudo: true });
    const change = (current_password: string) =>
      call('POST', '/user/password', { current_password, password: NEW });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}`)).statusCode).toBe(422);
    // Locked: even the right password is refused, with the sign-in's own answer.
    const locked = await change(DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'too_many_attempts',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    expect(await signInStatus(DEMO_PASSWORD)).toBe(429);
    const failures = store.history.filter(
      (e) => e.accountId === account.id && e.kind === 'login_failed',
    );
    expect(failures.map((e) => e.detail)).toEqual([
      'password-change',
      'password-change',
      'password-change',
      'password-change',
      'password-change, locked',
    ]);
    store.clock.advance(15 * 60_000 + 1000);
    grantSudo(store, token);
    expect((await change(DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('says so when the new password is the current one, not that the current one is wrong', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const res = await call('POST', '/user/password', {
      current_password: DEMO_PASSWORD,
      password: DEMO_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'password_unchanged',
      message: 'Your new password must be different from the current one.',
    });
  });

  it('enforces the password rules in the spec words', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const res = await call('POST', '/user/password', {
      current_password: DEMO_PASSWORD,
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Not enough characters', 'No number', 'No special characters']),
    );
  });

  it('changes it, resets the status, and the old one stops working', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const before = store.clock.now();
    const res = await call('POST', '/user/password', {
      current_password: DEMO_PASSWORD,
      password: NEW,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.password_status).toBe(0);
    const changedAt = Date.parse(res.json().data.last_password_change);
    expect(changedAt).toBeGreaterThanOrEqual(before);
    expect(changedAt).toBeLessThanOrEqual(store.clock.now());
    expect(await signInStatus(DEMO_PASSWORD)).toBe(400);
    expect(await signInStatus(NEW)).not.toBe(400);
    expect(kinds(account.id)).toContain('password_changed');
  });

  it('refuses without a recent MFA check', async () => {
    const { call } = session('employee@example.be');
    const res = await call('POST', '/user/password', {
      current_password: DEMO_PASSWORD,
      password: NEW,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('weak password forced change', () => {
  it('replaces a weak password without the current one, once', async () => {
    const { call } = session('weak@example.be');
    const res = await call('POST', '/user/password/weak', { password: 'Much-Stronger-77' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.password_status).toBe(0);
    const again = await call('POST', '/user/password/weak', { password: 'Other-Strong-88' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('password_not_weak');
  });

  it('wants a different password that follows the rules', async () => {
    const { call } = session('weak@example.be');
    const same = await call('POST', '/user/password/weak', { password: DEMO_PASSWORD });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toMatch(/different/);
    const bad = await call('POST', '/user/password/weak', { password: 'abcdefghijk' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('e-mails and phones', () => {
  it('adds an e-mail, sends an 8-digit code to it and verifies it', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const added = await call('POST', '/user/login', { email: 'Emma.Work@Example.be' });
    expect(added.statusCode).toBe(200);
    const { id, payload } = added.json();
    const code = lastCode('emma.work@example.be');
    expect(code).toMatch(/^\d{8}$/);

    const before = (await call('GET', '/user')).json().data.email;
    expect(before).toContainEqual(
      expect.objectContaining({ id, value: 'emma.work@example.be', verified: false }),
    );

    const wrong = await call('POST', '/user/login/confirm', {
      payload,
      code: code === '00000000' ? '11111111' : '00000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Your code is invalid, try again.');

    const ok = await call('POST', '/user/login/confirm', { payload, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toContainEqual(
      expect.objectContaining({ id, verified: true, mfa: true, default: false }),
    );
    // Employee already has two-step verification: the new address can receive codes too.
    expect(
      [...store.mfaMethods.values()].some(
        (m) => m.accountId === account.id && m.target === 'emma.work@example.be' && m.active,
      ),
    ).toBe(true);

    const reused = await call('POST', '/user/login/confirm', { payload, code });
    expect(reused.statusCode).toBe(422);
    expect(kinds(account.id)).toEqual(expect.arrayContaining(['email_added', 'email_verified']));
  });

  it('reads a national phone number in the region and verifies it by SMS', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const added = await call('POST', '/user/login', { phone: '0470 12 34 56' });
    expect(added.statusCode).toBe(200);
    const code = lastCode('+32470123456');
    const ok = await call('POST', '/user/login/confirm', { payload: added.json().payload, code });
    expect(ok.json().data.phone).toContainEqual(
      expect.objectContaining({ value: '+32470123456', verified: true }),
    );
  });

  it('answers the spec 422 message on a malformed address', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const email = await call('POST', '/user/login', { email: 'not-an-email' });
    expect(email.statusCode).toBe(422);
    expect(email.json()).toEqual({ message: 'The email provided is invalid.' });
    const phone = await call('POST', '/user/login', { phone: '12' });
    expect(phone.json()).toEqual({ message: 'The phone number provided is invalid.' });
  });

  it('lets a code expire after 10 minutes', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const added = await call('POST', '/user/login', { email: 'late@example.be' });
    const code = lastCode('late@example.be');
    store.clock.advance(10 * 60_000 + 1000);
    const res = await call('POST', '/user/login/confirm', { payload: added.json().payload, code });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The code has expired. Please ask for a new one.');
  });

  it('sends a new code for an unverified entry', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const added = await call('POST', '/user/login', { email: 'again@example.be' });
    const { id, payload: first } = added.json();
    const resent = await call('POST', `/user/contacts/${id}/verify`);
    expect(resent.statusCode).toBe(200);
    const code = lastCode('again@example.be');
    const old = await call('POST', '/user/login/confirm', { payload: first, code });
    expect(old.statusCode).toBe(422);
    const ok = await call('POST', '/user/login/confirm', { payload: resent.json().payload, code });
    expect(ok.statusCode).toBe(200);
    expect((await call('POST', `/user/contacts/${id}/verify`)).statusCode).toBe(409);
  });

  it("answers the duplicate codes with the spec messages for the user's own address only", async () => {
    const { call } = session('employee@example.be', { sudo: true });
    const own = await call('POST', '/user/login', { email: 'Employee@example.be' });
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({
      code: 'email-duplicated',
      message: 'This email is already in use. Please use another one.',
    });
    const ownPhone = await call('POST', '/user/login', { phone: '0470 00 00 01' });
    expect(ownPhone.statusCode).toBe(409);
    expect(ownPhone.json()).toEqual({
      code: 'phone-duplicated',
      message: 'This phone number is already in use. Please use another one.',
    });
  });

  it("answers another account's address as a free one and tells its owner instead", async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const taken = await call('POST', '/user/login', { email: 'TOTP@example.be' });
    const free = await call('POST', '/user/login', { email: 'nobody.yet@example.be' });
    expect(taken.statusCode).toBe(200);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    // The owner is told, with no code; the caller's payload confirms with no code.
    const notice = store.outbox.filter((m) => m.to === 'totp@example.be').at(-1);
    expect(notice?.code).toBe('');
    expect(notice?.text).toContain('Someone tried to add this e-mail address to another account');
    expect(lastCode('nobody.yet@example.be')).toMatch(/^\d{8}$/);
    const guess = await call('POST', '/user/login/confirm', {
      payload: taken.json().payload,
      code: '12345678',
    });
    expect(guess.statusCode).toBe(422);
    expect(guess.json()).toEqual({ message: 'Your code is invalid, try again.' });
    // A resend is answered alike and tells the owner again.
    const resent = await call('POST', `/user/contacts/${taken.json().id}/verify`);
    expect(resent.statusCode).toBe(200);
    expect(store.outbox.filter((m) => m.to === 'totp@example.be')).toHaveLength(2);
    // A number: the owner gets the notice by SMS.
    const phone = await call('POST', '/user/login', { phone: '+32 470 00 00 02' });
    expect(phone.statusCode).toBe(200);
    expect(store.outbox.filter((m) => m.to === '+32470000002').at(-1)).toMatchObject({
      channel: 'sms',
      code: '',
    });
    expect(account.email.find((e) => e.value === 'totp@example.be')?.verified).toBe(false);
  });

  it('asks for a recent MFA check, except of a user with no second factor', async () => {
    const employee = session('employee@example.be');
    const refused = await employee.call('POST', '/user/login', { email: 'x@example.be' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('sudo_required');
    const customer = session('customer@example.be');
    const ok = await customer.call('POST', '/user/login', { email: 'x@example.be' });
    expect(ok.statusCode).toBe(200);
  });

  it('does not let an unverified address sign in', async () => {
    const { call } = session('employee@example.be', { sudo: true });
    await call('POST', '/user/login', { email: 'pending@example.be' });
    const res = await app.inject({
      method: 'POST',
      url: '/token',
      payload: { grant_type: 'password', username: 'pending@example.be', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('deleting an e-mail or phone', () => {
  it('keeps the last phone with a 409 and the spec rule', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const phoneId = account.phone[0]?.id;
    const res = await call('DELETE', `/user/contacts/${phoneId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'last_phone',
      message: 'At least one phone number must remain.',
    });
    expect((await call('GET', '/user')).json().data.phone).toHaveLength(1);
  });

  it('keeps the primary entry until another one is primary', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const added = await call('POST', '/user/login', { email: 'second@example.be' });
    await call('POST', '/user/login/confirm', {
      payload: added.json().payload,
      code: lastCode('second@example.be'),
    });
    const primaryId = account.email.find((e) => e.default)?.id;
    expect((await call('DELETE', `/user/contacts/${primaryId}`)).json().code).toBe(
      'primary_contact',
    );
    const secondId = added.json().id;
    const deleted = await call('DELETE', `/user/contacts/${secondId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.email.map((e: { value: string }) => e.value)).toEqual([
      'employee@example.be',
    ]);
    expect(kinds(account.id)).toContain('email_removed');
  });

  it('removes the MFA method of a deleted address and makes the backup primary', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const added = await call('POST', '/user/login', { email: 'second@example.be' });
    const secondId = added.json().id;
    await call('POST', '/user/login/confirm', {
      payload: added.json().payload,
      code: lastCode('second@example.be'),
    });
    expect((await call('POST', `/user/contacts/${secondId}/primary`)).statusCode).toBe(200);
    const oldId = account.email.find((e) => e.value === 'employee@example.be')?.id;
    const res = await call('DELETE', `/user/contacts/${oldId}`);
    expect(res.statusCode).toBe(200);
    const methods = [...store.mfaMethods.values()].filter((m) => m.accountId === account.id);
    expect(methods.some((m) => m.target === 'employee@example.be')).toBe(false);
    expect(methods.filter((m) => m.primary)).toHaveLength(1);
    expect(kinds(account.id)).toContain('mfa_removed');
  });

  it('refuses to remove the last e-mail or SMS verification method', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const added = await call('POST', '/user/login', { email: 'second@example.be', mfa: false });
    await call('POST', '/user/login/confirm', {
      payload: added.json().payload,
      code: lastCode('second@example.be'),
    });
    // Arrange: the new address is the default one and SMS is no longer a method.
    for (const e of account.email) e.default = e.value === 'second@example.be';
    for (const m of [...store.mfaMethods.values()]) {
      if (m.accountId === account.id && m.method === 'sms') store.mfaMethods.delete(m.id);
    }
    const oldId = account.email.find((e) => e.value === 'employee@example.be')?.id;
    const res = await call('DELETE', `/user/contacts/${oldId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('last_mfa_method');
  });

  it('answers 404 for an entry of somebody else', async () => {
    const other = findAccountByLogin(store, 'totp@example.be');
    const { call } = session('employee@example.be', { sudo: true });
    const res = await call('DELETE', `/user/contacts/${other?.email[0]?.id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('primary e-mail or phone', () => {
  it('switches only to a verified entry with two-step verification', async () => {
    const { call, account } = session('employee@example.be', { sudo: true });
    const withoutMfa = await call('POST', '/user/login', { email: 'plain@example.be', mfa: false });
    const plainId = withoutMfa.json().id;
    const switchFailed = { code: 'switch_failed', message: 'An error occurred during the switch.' };

    const unverified = await call('POST', `/user/contacts/${plainId}/primary`);
    expect(unverified.statusCode).toBe(409);
    expect(unverified.json()).toEqual(switchFailed);

    await call('POST', '/user/login/confirm', {
      payload: withoutMfa.json().payload,
      code: lastCode('plain@example.be'),
    });
    const noMfa = await call('POST', `/user/contacts/${plainId}/primary`);
    expect(noMfa.json()).toEqual(switchFailed);

    const withMfa = await call('POST', '/user/login', { email: 'secure@example.be' });
    await call('POST', '/user/login/confirm', {
      payload: withMfa.json().payload,
      code: lastCode('secure@example.be'),
    });
    const ok = await call('POST', `/user/contacts/${withMfa.json().id}/primary`);
    expect(ok.statusCode).toBe(200);
    // docs/product.md part 3: the list is sorted default first.
    expect(ok.json().data.email[0]).toMatchObject({ value: 'secure@example.be', default: true });
    expect(ok.json().data.email.filter((e: { default: boolean }) => e.default)).toHaveLength(1);
    expect(kinds(account.id)).toContain('email_primary');
  });
});
