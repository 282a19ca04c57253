import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { DEMO_TOTP_SECRET } from '../seed';
import { createStore, type MfaMethodRow } from '../store';
import {
  acceptTotp,
  consumeRecoveryKey,
  createChallenge,
  findChallenge,
  generateRecoveryKeys,
  newTotpSecret,
  sendChallengeCode,
  toMfaMethod,
  totpUri,
  unusedRecoveryKeys,
  verifyChallengeCode,
} from './mfa-codes';

const fresh = () => createStore('be', systemClock());
const employeeId = (store: ReturnType<typeof fresh>) =>
  [...store.accounts.values()].find((a) => a.user_id === 1001)?.id ?? 0;

describe('challenge codes', () => {
  it('sends an 8-digit code that works once, within 10 minutes', () => {
    const store = fresh();
    const challenge = createChallenge(store, { purpose: 'test', accountId: employeeId(store) });
    const code = sendChallengeCode(store, challenge, 'email', 'employee@example.be');
    expect(code).toMatch(/^\d{8}$/);
    expect(store.outbox.at(-1)).toMatchObject({
      to: 'employee@example.be',
      channel: 'email',
      code,
    });
    expect(challenge.codeHash).not.toContain(code);
    expect(verifyChallengeCode(store, challenge, code)).toBe('ok');
    expect(verifyChallengeCode(store, challenge, code)).toBe('invalid');

    const next = sendChallengeCode(store, challenge, 'sms', '+32470000001');
    store.clock.advance(10 * 60_000);
    expect(verifyChallengeCode(store, challenge, next)).toBe('expired');
  });

  it('spends the challenge at the fifth wrong code', () => {
    const store = fresh();
    const challenge = createChallenge(store, { purpose: 'test', accountId: null });
    const code = sendChallengeCode(store, challenge, 'email', 'a@example.be');
    const wrong = code === '99999999' ? '11111111' : '99999999';
    const answers = Array.from({ length: 5 }, () => verifyChallengeCode(store, challenge, wrong));
    expect(answers).toEqual(['invalid', 'invalid', 'invalid', 'invalid', 'spent']);
    expect(verifyChallengeCode(store, challenge, code)).toBe('spent');
    expect(findChallenge(store, challenge.payload)).toEqual({ ok: false, reason: 'spent' });
  });
});

describe('TOTP', () => {
  it('accepts the code of a real authenticator, one step either side, not two', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const at = (ms: number) => authenticator.clone({ epoch: ms }).generate(DEMO_TOTP_SECRET);
    const fresh = () => totpRow(DEMO_TOTP_SECRET);
    expect(acceptTotp(fresh(), at(now), now)).toBe(true);
    expect(acceptTotp(fresh(), at(now + 30_000), now)).toBe(true);
    expect(acceptTotp(fresh(), at(now - 30_000), now)).toBe(true);
    expect(acceptTotp(fresh(), at(now - 60_000), now)).toBe(false);
    expect(acceptTotp(fresh(), 'abcdef', now)).toBe(false);
  });

  it('accepts a code once: its time step, and any earlier one, is refused afterwards', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const at = (ms: number) => authenticator.clone({ epoch: ms }).generate(DEMO_TOTP_SECRET);
    const method = totpRow(DEMO_TOTP_SECRET);
    expect(acceptTotp(method, at(now), now)).toBe(true);
    expect(acceptTotp(method, at(now), now + 5_000)).toBe(false);
    // The previous step is still within the drift window, but older than the one used.
    expect(acceptTotp(method, at(now - 30_000), now)).toBe(false);
    expect(acceptTotp(method, at(now + 30_000), now + 30_000)).toBe(true);
  });

  it('makes a base32 secret and the otpauth URI of the QR code', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = totpUri(secret, 'employee@example.be');
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);
  });
});

describe('recovery keys', () => {
  it('regenerating invalidates the old keys; each key works once', () => {
    const store = fresh();
    const totpUser = [...store.accounts.values()].find((a) => a.user_id === 1002)?.id ?? 0;
    expect(consumeRecoveryKey(store, totpUser, 'RECOVERY01')).toBe(true);
    expect(consumeRecoveryKey(store, totpUser, 'RECOVERY01')).toBe(false);
    expect(unusedRecoveryKeys(store, totpUser)).toBe(9);

    const keys = generateRecoveryKeys(store, totpUser);
    expect(keys).toHaveLength(10);
    expect(new Set(keys).size).toBe(10);
    expect(unusedRecoveryKeys(store, totpUser)).toBe(10);
    expect(consumeRecoveryKey(store, totpUser, 'RECOVERY02')).toBe(false);
    expect(consumeRecoveryKey(store, totpUser, keys[3]?.toLowerCase() ?? '')).toBe(true);
    const recoveryMethods = [...store.mfaMethods.values()].filter(
      (m) => m.accountId === totpUser && m.method === 'totpRecovery',
    );
    expect(recoveryMethods).toHaveLength(1);
  });
});

describe('masking', () => {
  const row = (method: MfaMethodRow['method'], target: string): MfaMethodRow => ({
    ...totpRow('unused'),
    method,
    target,
    secret: null,
  });

  it("shows a challenge's targets with the product's one mask, a LU number with its full +352", () => {
    expect(toMfaMethod(row('sms', '+352621000001'), true).target).toBe('+352 6•••01');
    expect(toMfaMethod(row('email', 'marie@example.lu'), true).target).toBe('m•••e@example.lu');
  });

  it('shows the signed-in user their own targets in full', () => {
    expect(toMfaMethod(row('sms', '+352621000001'), false).target).toBe('+352621000001');
  });

  it('gives addresses of different lengths masks of one length', () => {
    const short = toMfaMethod(row('email', 'jo@example.be'), true).target;
    const long = toMfaMethod(row('email', 'johannes.van.den.berg@example.be'), true).target;
    expect(short).toBe('j•••o@example.be');
    expect(long).toHaveLength(short?.length ?? 0);
  });
});

function totpRow(secret: string): MfaMethodRow {
  return {
    id: 1,
    accountId: 1,
    method: 'totp',
    target: null,
    secret,
    primary: true,
    active: true,
    createdAt: 0,
  };
}
