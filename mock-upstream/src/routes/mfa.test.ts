import type { InjectOptions } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { totpCode } from '../domain/mfa-codes';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../seed';
import { resetStore } from '../store';
import { deviceHeaders, lastCode, signInAs } from '../test-helpers';
import { toUser } from '../views';

const mock = buildMockUpstream({ region: 'be' });
const { app, store } = mock;
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const SUDO_MS = 15 * 60_000;
const device = deviceHeaders();

function as(token: string) {
  return (options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { ...device, ...options.headers, authorization: `Bearer ${token}` },
    });
}

type Method = { id: number; method: string; target: string | null; primary: boolean };

async function methodsOf(token: string, includeAll = false): Promise<Method[]> {
  const res = await as(token)({ url: includeAll ? '/mfa?includeAll' : '/mfa' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const byKind = (methods: Method[], kind: string) => methods.find((m) => m.method === kind);

function accountId(email: string): number {
  for (const a of store.accounts.values()) if (a.email.some((e) => e.value === email)) return a.id;
  throw new Error(email);
}

const historyKinds = (email: string) =>
  store.history.filter((e) => e.accountId === accountId(email)).map((e) => e.kind);

/** Signs in with the recovery key `key` through the sign-in MFA flow; the status of the confirm. */
async function signInWithRecoveryKey(username: string, key: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/token',
    headers: deviceHeaders(),
    payload: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(401);
  const { payload, methods } = res.json().mfa as { payload: string; methods: Method[] };
  const recovery = byKind(methods, 'totpRecovery');
  if (!recovery) return 404;
  await app.inject({
    url: `/mfa/sudo?payload=${encodeURIComponent(payload)}&mfaId=${recovery.id}`,
  });
  const done = await app.inject({
    method: 'POST',
    url: '/mfa/sudo',
    payload: { payload, code: key },
  });
  return done.statusCode;
}

describe('GET /mfa', () => {
  it('lists the methods primary first, with their targets in full', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const methods = await methodsOf(token);
    expect(methods.map((m) => [m.method, m.target, m.primary])).toEqual([
      ['email', 'employee@example.be', true],
      ['sms', '+32470000001', false],
    ]);
  });

  it('with includeAll adds the verified contacts that are no method yet, with negative ids', async () => {
    const token = await signInAs(mock, 'customer@example.be');
    expect(await methodsOf(token)).toEqual([]);
    const all = await methodsOf(token, true);
    expect(all.map((m) => [m.method, m.target])).toEqual([
      ['email', 'customer@example.be'],
      ['sms', '+32470000003'],
    ]);
    expect(all.every((m) => m.id < 0 && !m.primary)).toBe(true);
  });

  it('answers 401 to a revoked or missing token', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    await as(token)({ method: 'DELETE', url: '/token' });
    expect((await as(token)({ url: '/mfa?includeAll' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/mfa?includeAll' })).statusCode).toBe(401);
  });
});

describe('sensitive changes need a recent MFA check', () => {
  it('refuses setup, delete, switch and regenerate with 403 sudo_required once sudo lapsed', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const [first] = await methodsOf(token);
    store.clock.advance(SUDO_MS + 1000);
    const call = as(token);
    const answers = [
      await call({ method: 'POST', url: '/mfa', payload: { method: 'sms' } }),
      await call({ method: 'DELETE', url: `/mfa/${first?.id}` }),
      await call({ method: 'POST', url: `/mfa/switch-primary/${first?.id}` }),
      await call({ method: 'POST', url: '/mfa/regenerate-recovery' }),
      await call({ url: '/mfa/-1/activate?target=%2B32470000002' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('sudo_required');
    }
    expect(await methodsOf(token)).toHaveLength(3);
  });

  it('accepts them again after a step-up', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    store.clock.advance(SUDO_MS + 1000);
    const sms = byKind(await methodsOf(token), 'sms');
    const switchToSms = () => as(token)({ method: 'POST', url: `/mfa/switch-primary/${sms?.id}` });
    expect((await switchToSms()).statusCode).toBe(403);

    const started = await as(token)({ url: '/mfa/sudo?single=1' });
    const confirmed = await as(token)({
      method: 'POST',
      url: '/mfa/sudo',
      payload: { payload: started.json().payload, code: lastCode(mock, 'employee@example.be') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await switchToSms()).statusCode).toBe(200);
  });
});

describe('switch primary and delete', () => {
  it('switches the primary method and records it', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const sms = byKind(await methodsOf(token), 'sms');
    const res = await as(token)({ method: 'POST', url: `/mfa/switch-primary/${sms?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ method: 'sms', primary: true });
    expect(byKind(await methodsOf(token), 'email')?.primary).toBe(false);
    expect(historyKinds('employee@example.be')).toContain('mfa_primary');
  });

  it('answers 404 for a method of another account', async () => {
    const other = await signInAs(mock, 'partner@example.be');
    const theirs = (await methodsOf(other))[0];
    const token = await signInAs(mock, 'employee@example.be');
    const res = await as(token)({ method: 'DELETE', url: `/mfa/${theirs?.id}` });
    expect(res.statusCode).toBe(404);
    expect(await methodsOf(other)).toHaveLength(2);
  });

  it('makes the backup primary on delete, and keeps the last e-mail or SMS method (409)', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const email = byKind(await methodsOf(token), 'email');
    const deleted = await as(token)({ method: 'DELETE', url: `/mfa/${email?.id}` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual([
      expect.objectContaining({ method: 'sms', target: '+32470000001', primary: true }),
    ]);
    expect(historyKinds('employee@example.be')).toContain('mfa_removed');

    const sms = byKind(await methodsOf(token), 'sms');
    const refused = await as(token)({ method: 'DELETE', url: `/mfa/${sms?.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'last_method',
      message: 'At least one e-mail or SMS verification method must remain.',
    });
    expect(await methodsOf(token)).toHaveLength(1);
  });

  it('keeps the only e-mail method beside an authenticator app', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const email = byKind(await methodsOf(token), 'email');
    const res = await as(token)({ method: 'DELETE', url: `/mfa/${email?.id}` });
    expect(res.statusCode).toBe(409);
  });

  it('deletes a method addressed by a negative id and its target', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const res = await as(token)({ method: 'DELETE', url: '/mfa/-1?target=%2B32470000001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: Method) => m.method)).toEqual(['email']);
    const missing = await as(token)({ method: 'DELETE', url: '/mfa/-1?target=%2B32479999999' });
    expect(missing.statusCode).toBe(404);
  });

  it('removing the authenticator app removes its recovery keys and promotes the e-mail method', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const totp = byKind(await methodsOf(token), 'totp');
    expect(totp?.primary).toBe(true);
    const res = await as(token)({ method: 'DELETE', url: `/mfa/${totp?.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([expect.objectContaining({ method: 'email', primary: true })]);
    const account = store.accounts.get(accountId('totp@example.be'));
    expect(account && toUser(account, store).totpRecovery).toEqual([]);
  });
});

describe('recovery keys', () => {
  it('regenerates 10 keys shown once; the old ones stop working at sign-in, the new ones work', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const res = await as(token)({ method: 'POST', url: '/mfa/regenerate-recovery' });
    expect(res.statusCode).toBe(200);
    const keys: string[] = res.json().recovery_keys;
    expect(keys).toHaveLength(10);
    expect(new Set(keys).size).toBe(10);
    for (const key of keys) expect(key).toMatch(/^[A-Z0-9]{10}$/);
    expect(store.recoveryKeys.some((k) => keys.includes(k.hash))).toBe(false);
    expect(historyKinds('totp@example.be')).toContain('recovery_regenerated');

    expect(await signInWithRecoveryKey('totp@example.be', 'RECOVERY01')).toBe(422);
    expect(await signInWithRecoveryKey('totp@example.be', keys[0] ?? '')).toBe(200);
    expect(await signInWithRecoveryKey('totp@example.be', keys[0] ?? '')).toBe(422);

    const account = store.accounts.get(accountId('totp@example.be'));
    const listed = account ? toUser(account, store).totpRecovery : [];
    expect(listed).toHaveLength(10);
    expect(listed.filter((k) => k.used_at !== null)).toHaveLength(1);
  });

  it('refuses to regenerate keys without an authenticator app (409)', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const res = await as(token)({ method: 'POST', url: '/mfa/regenerate-recovery' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('totp_required');
  });
});

describe('setting up a method', () => {
  it('sets up an authenticator app, confirmed with a real TOTP code, and shows 10 recovery keys', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const started = await as(token)({ method: 'POST', url: '/mfa', payload: { method: 'totp' } });
    expect(started.statusCode).toBe(200);
    const { id, payload, secret, otpauth_uri } = started.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(decodeURIComponent(uri.pathname)).toContain('employee@example.be');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBeTruthy();
    // Not a method until confirmed.
    expect(byKind(await methodsOf(token), 'totp')).toBeUndefined();

    const wrong = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: {
        payload,
        code: totpCode(secret, store.clock.now()) === '000000' ? '111111' : '000000',
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The code is invalid.' });

    const done = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload, code: totpCode(secret, store.clock.now()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().method).toMatchObject({ id, method: 'totp', primary: false });
    const keys: string[] = done.json().recovery_keys;
    expect(keys).toHaveLength(10);
    expect(byKind(await methodsOf(token), 'totp')?.id).toBe(id);
    expect(historyKinds('employee@example.be')).toEqual(
      expect.arrayContaining(['mfa_added', 'recovery_regenerated']),
    );
    // The payload is single use.
    const again = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload, code: totpCode(secret, store.clock.now()) },
    });
    expect(again.statusCode).toBe(422);
    expect(await signInWithRecoveryKey('employee@example.be', keys[3] ?? '')).toBe(200);
  });

  it('sets up SMS with an 8-digit code; a wrong code is 422 with the message', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const started = await as(token)({
      method: 'POST',
      url: '/mfa',
      payload: { method: 'sms', target: '+32470000002' },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ method: 'sms', target: '+32470000002' });
    const code = lastCode(mock, '+32470000002');
    expect(code).toMatch(/^\d{8}$/);
    const { payload } = started.json();

    const wrong = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload, code: code === '12345678' ? '87654321' : '12345678' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'The code is invalid.' });

    const done = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload, code },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recovery_keys).toBeUndefined();
    expect(byKind(await methodsOf(token), 'sms')).toMatchObject({ target: '+32470000002' });
  });

  it('refuses a code after 10 minutes and spends the payload after 5 wrong codes', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const started = await as(token)({ method: 'POST', url: '/mfa', payload: { method: 'sms' } });
    const code = lastCode(mock, '+32470000002');
    store.clock.advance(10 * 60_000 + 1000);
    const late = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: started.json().payload, code },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/expired/);

    const fresh = await signInAs(mock, 'totp@example.be');
    const again = await as(fresh)({ method: 'POST', url: '/mfa', payload: { method: 'sms' } });
    const good = lastCode(mock, '+32470000002');
    const bad = good === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < 5; i++) {
      await as(fresh)({
        method: 'POST',
        url: '/mfa/activate',
        payload: { payload: again.json().payload, code: bad },
      });
    }
    const spent = await as(fresh)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: again.json().payload, code: good },
    });
    expect(spent.statusCode).toBe(422);
    expect(byKind(await methodsOf(fresh), 'sms')).toBeUndefined();
  });

  it("answers another account's target as a free one (its owner told, no code) and refuses a malformed one (400)", async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const taken = await as(token)({
      method: 'POST',
      url: '/mfa',
      payload: { method: 'sms', target: '+32470000001' },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ method: 'sms', target: '+32470000001' });
    expect(store.outbox.findLast((m) => m.to === '+32470000001')).toMatchObject({ code: '' });
    const guessed = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: taken.json().payload, code: '12345678' },
    });
    expect(guessed.statusCode).toBe(422);
    expect(byKind(await methodsOf(token), 'sms')).toBeUndefined();
    const bad = await as(token)({
      method: 'POST',
      url: '/mfa',
      payload: { method: 'email', target: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('body.target');
  });

  it('refuses a second authenticator app unless it is a reset', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const second = await as(token)({ method: 'POST', url: '/mfa', payload: { method: 'totp' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('totp_exists');
  });

  it('resets the authenticator app: the old secret and recovery keys stop working', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const oldTotp = byKind(await methodsOf(token), 'totp');
    const started = await as(token)({
      method: 'POST',
      url: '/mfa',
      payload: { method: 'totp', reset: true },
    });
    expect(started.statusCode).toBe(200);
    const { payload, secret } = started.json();
    expect(secret).not.toBe(DEMO_TOTP_SECRET);
    // Until the new app is confirmed, the old one still works.
    expect(byKind(await methodsOf(token), 'totp')?.id).toBe(oldTotp?.id);

    const done = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload, code: totpCode(secret, store.clock.now()) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recovery_keys).toHaveLength(10);
    const methods = await methodsOf(token);
    expect(methods.filter((m) => m.method === 'totp')).toEqual([
      expect.objectContaining({ id: done.json().method.id, primary: true }),
    ]);
    expect(store.mfaMethods.get(oldTotp?.id ?? 0)).toBeUndefined();
    expect(await signInWithRecoveryKey('totp@example.be', 'RECOVERY02')).toBe(422);
    expect(historyKinds('totp@example.be')).toEqual(
      expect.arrayContaining(['mfa_removed', 'mfa_added', 'recovery_regenerated']),
    );
  });
});

describe('GET /mfa/{id}/activate', () => {
  it('sets up a verified contact offered with a negative id', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const offered = (await methodsOf(token, true)).find((m) => m.id < 0 && m.method === 'sms');
    expect(offered?.target).toBe('+32470000002');
    const res = await as(token)({
      url: `/mfa/${offered?.id}/activate?target=${encodeURIComponent(offered?.target ?? '')}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fuzzion: false,
      data: { method: 'sms', target: '+32470000002' },
    });
    const done = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: res.json().payload, code: lastCode(mock, '+32470000002') },
    });
    expect(done.statusCode).toBe(200);
    expect((await methodsOf(token, true)).filter((m) => m.id < 0)).toEqual([]);
  });

  it('answers 204 for an active method, 422 with the message for a bad target, 404 for an unknown id', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const email = byKind(await methodsOf(token), 'email');
    expect((await as(token)({ url: `/mfa/${email?.id}/activate` })).statusCode).toBe(204);
    const bad = await as(token)({ url: '/mfa/-5/activate?target=%2B12' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'The phone number provided is invalid.' });
    expect((await as(token)({ url: '/mfa/999999/activate' })).statusCode).toBe(404);
  });

  it('re-sends the code of a pending method with a new payload', async () => {
    const token = await signInAs(mock, 'totp@example.be');
    const started = await as(token)({ method: 'POST', url: '/mfa', payload: { method: 'sms' } });
    const first = lastCode(mock, '+32470000002');
    const resent = await as(token)({ url: `/mfa/${started.json().id}/activate` });
    expect(resent.statusCode).toBe(200);
    const second = lastCode(mock, '+32470000002');
    const old = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: started.json().payload, code: first },
    });
    expect(old.statusCode).toBe(422);
    const done = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: resent.json().payload, code: second },
    });
    expect(done.statusCode).toBe(200);
  });

  it('moves an active SMS method to a new number with edit, once the new number is confirmed', async () => {
    const token = await signInAs(mock, 'employee@example.be');
    const sms = byKind(await methodsOf(token), 'sms');
    const res = await as(token)({ url: `/mfa/${sms?.id}/activate?edit=1&target=%2B32470123456` });
    expect(res.statusCode).toBe(200);
    expect(byKind(await methodsOf(token), 'sms')?.target).toBe('+32470000001');
    const done = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: res.json().payload, code: lastCode(mock, '+32470123456') },
    });
    expect(done.statusCode).toBe(200);
    expect(byKind(await methodsOf(token), 'sms')).toMatchObject({
      id: sms?.id,
      target: '+32470123456',
    });
  });
});

describe('forced MFA setup', () => {
  it('lets a forced user with no method set up e-mail and then SMS without a step-up', async () => {
    const token = await signInAs(mock, 'forced@example.be');
    expect(await methodsOf(token)).toEqual([]);
    store.clock.advance(SUDO_MS + 1000);

    const email = await as(token)({ method: 'POST', url: '/mfa', payload: { method: 'email' } });
    expect(email.statusCode).toBe(200);
    expect(email.json().target).toBe('forced@example.be');
    const confirmed = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: email.json().payload, code: lastCode(mock, 'forced@example.be') },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().method).toMatchObject({ method: 'email', primary: true });

    // The confirmed first method is the recent check the phone step needs.
    const sms = await as(token)({ method: 'POST', url: '/mfa', payload: { method: 'sms' } });
    expect(sms.statusCode).toBe(200);
    const done = await as(token)({
      method: 'POST',
      url: '/mfa/activate',
      payload: { payload: sms.json().payload, code: lastCode(mock, '+32470000004') },
    });
    expect(done.statusCode).toBe(200);
    expect((await methodsOf(token)).map((m) => m.method)).toEqual(['email', 'sms']);

    // From now on the next sign-in asks for a code.
    const next = await app.inject({
      method: 'POST',
      url: '/token',
      payload: { grant_type: 'password', username: 'forced@example.be', password: DEMO_PASSWORD },
    });
    expect(next.statusCode).toBe(401);
  });
});
