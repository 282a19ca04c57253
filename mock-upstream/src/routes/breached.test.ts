import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream, type MockApp } from '../app';
import { grantSudo } from '../domain/mfa-codes';
import { DEMO_PASSWORD } from '../seed';
import { findAccountByLogin, issueToken, resetStore } from '../store';
import { deviceHeaders, lastCode } from '../test-helpers';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex').toUpperCase();

// The range endpoint over HTTP, as BREACHED_PASSWORDS_URL reaches it.
const range = buildMockUpstream({ region: 'be' });
const rangeUrl = `${await range.app.listen({ port: 0, host: '127.0.0.1' })}/pwned-passwords`;
const viaHttp = buildMockUpstream({ region: 'be', breachedPasswordsUrl: rangeUrl });
// Nothing listens on port 9 (discard) here: the range endpoint is unreachable.
const unreachable = buildMockUpstream({
  region: 'be',
  breachedPasswordsUrl: 'http://127.0.0.1:9/pwned-passwords',
});
const inProcess = buildMockUpstream({ region: 'be' });
const mocks = [range, viaHttp, unreachable, inProcess];
afterAll(() => Promise.all(mocks.map((m) => m.app.close())));
beforeEach(() => {
  for (const m of mocks) resetStore(m.store);
});

const BREACHED = 'Password123!';
const FRESH = 'Quiet-Harbour-Lantern-77';

function signedIn(mock: MockApp, login: string, sudo = true) {
  const account = findAccountByLogin(mock.store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  const row = issueToken(mock.store, account.id, { deviceId: crypto.randomUUID() });
  if (sudo) grantSudo(mock.store, row.token);
  return (url: string, payload: object) =>
    mock.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${row.token}` },
      payload,
    });
}

const changePassword = (mock: MockApp, password: string) =>
  signedIn(mock, 'employee@example.be')('/user/password', {
    current_password: DEMO_PASSWORD,
    password,
  });

describe('the Pwned Passwords range endpoint over the bundled list', () => {
  it('answers SUFFIX:COUNT lines for a prefix: Password123! is listed, the demo password is not', async () => {
    const hash = sha1(BREACHED);
    const res = await range.app.inject({ url: `/pwned-passwords/range/${hash.slice(0, 5)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\r\n');
    expect(lines).toContain(`${hash.slice(5)}:1`);
    for (const line of lines) expect(line).toMatch(/^[0-9A-F]{35}:\d+$/);

    const demo = sha1(DEMO_PASSWORD);
    const demoRange = await range.app.inject({ url: `/pwned-passwords/range/${demo.slice(0, 5)}` });
    expect(demoRange.statusCode).toBe(200);
    expect(demoRange.body).not.toContain(demo.slice(5));
  });

  it('takes the prefix in either case and refuses one that is not five hex characters', async () => {
    const prefix = sha1(BREACHED).slice(0, 5);
    const lower = await range.app.inject({ url: `/pwned-passwords/range/${prefix.toLowerCase()}` });
    expect(lower.body).toContain(sha1(BREACHED).slice(5));
    for (const bad of ['XYZ12', '1234', '123456']) {
      const res = await range.app.inject({ url: `/pwned-passwords/range/${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('params.prefix');
    }
  });
});

describe('new passwords are checked against known breaches', () => {
  it('refuses a breached password on a change with 422 password_breached, over HTTP and in process', async () => {
    for (const mock of [viaHttp, inProcess]) {
      const res = await changePassword(mock, BREACHED);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'password_breached',
        message: expect.stringMatching(/known data breaches/),
      });
      expect((await changePassword(mock, FRESH)).statusCode).toBe(200);
    }
  });

  it('fails open when the range endpoint cannot be reached', async () => {
    expect((await changePassword(unreachable, BREACHED)).statusCode).toBe(200);
  });

  it('still asks for a step-up before looking at the new password', async () => {
    const call = signedIn(inProcess, 'employee@example.be', false);
    const res = await call('/user/password', {
      current_password: DEMO_PASSWORD,
      password: BREACHED,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('sudo_required');
  });

  it('refuses it on the weak-password replacement', async () => {
    const call = signedIn(viaHttp, 'weak@example.be');
    const res = await call('/user/password/weak', { password: BREACHED });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('password_breached');
    expect((await call('/user/password/weak', { password: FRESH })).statusCode).toBe(200);
  });

  it('refuses it on a reset, and the code still works for a good password', async () => {
    const post = (url: string, payload: object) =>
      viaHttp.app.inject({ method: 'POST', url, headers: deviceHeaders(), payload });
    const sent = await post('/user/forgot-password', { login: 'employee@example.be' });
    const { payload } = sent.json();
    const code = lastCode(viaHttp, 'employee@example.be');
    const refused = await post('/user/reset-password', { payload, code, password: BREACHED });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('password_breached');
    expect(
      (await post('/user/reset-password', { payload, code, password: FRESH })).statusCode,
    ).toBe(204);
  });

  it('refuses it at the onboarding password step', async () => {
    const post = (url: string, payload: object) =>
      viaHttp.app.inject({ method: 'POST', url, headers: deviceHeaders(), payload });
    const { payload } = (await post('/onboarding', { invitation_code: 'WELCOME2026' })).json();
    expect(
      (await post('/onboarding/email', { payload, email: 'new.person@example.be' })).statusCode,
    ).toBe(200);
    const emailCode = lastCode(viaHttp, 'new.person@example.be');
    expect((await post('/onboarding/email/verify', { payload, code: emailCode })).statusCode).toBe(
      200,
    );
    expect((await post('/onboarding/phone', { payload, phone: '+32470987654' })).statusCode).toBe(
      200,
    );
    const smsCode = lastCode(viaHttp, '+32470987654');
    expect((await post('/onboarding/phone/verify', { payload, code: smsCode })).statusCode).toBe(
      200,
    );
    const refused = await post('/onboarding/password', { payload, password: BREACHED });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('password_breached');
    expect((await post('/onboarding/password', { payload, password: FRESH })).statusCode).toBe(200);
  });
});
