import { randomInt } from 'node:crypto';
import type { MfaMethod } from '@portal/contract';
import { maskContact } from '@portal/contract/mask';
import { authenticator } from 'otplib';
import {
  type ChallengeRow,
  hashSecret,
  type MfaMethodRow,
  nextId,
  randomOpaque,
  type Store,
  sendCode,
  verifySecret,
} from '../store';
import { ADDRESS_IN_USE, type CodePurpose, codeMessage } from './messages';

/**
 * The MFA building blocks shared by sign-in, step-up (`domain/auth.ts`) and MFA
 * management (`domain/mfa.ts`): challenges addressed by a payload, e-mail/SMS
 * codes on them, TOTP, recovery keys, sudo and trusted devices. Time comes only
 * from `store.clock`.
 */

/** E-mail and SMS codes: 8 digits, valid 10 minutes, single use (docs/product.md parts 5 and 9). */
export const CODE_TTL_MS = 10 * 60_000;
/** How long a payload (a pending sign-in, step-up, setup…) lives; its code is re-sendable meanwhile. */
export const CHALLENGE_TTL_MS = 30 * 60_000;
/** Wrong codes a payload takes before it is spent. */
export const MAX_WRONG_TRIES = 5;
/** A step-up or an MFA sign-in holds sudo this long (`GET /mfa/status`). */
export const SUDO_TTL_MS = 15 * 60_000;
/** "Trust this device" skips MFA at sign-in for this long. */
export const TRUSTED_DEVICE_TTL_MS = 30 * 24 * 3600_000;
export const RECOVERY_KEY_COUNT = 10;

/** RFC 6238 as authenticator apps use it: SHA-1, 30-second steps, 6 digits, one step of drift. */
const TOTP_OPTIONS = { step: 30, digits: 6, window: 1 } as const;

// ---------------------------------------------------------------- challenges

export interface NewChallenge {
  purpose: string;
  accountId: number | null;
  mfaId?: number | null;
  data?: Record<string, unknown>;
  ttlMs?: number;
}

/** Stores a pending operation under a fresh random payload. */
export function createChallenge(store: Store, init: NewChallenge): ChallengeRow {
  const row: ChallengeRow = {
    payload: randomOpaque(),
    purpose: init.purpose,
    accountId: init.accountId,
    mfaId: init.mfaId ?? null,
    codeHash: null,
    expiresAt: store.clock.now() + (init.ttlMs ?? CHALLENGE_TTL_MS),
    wrongTries: 0,
    spent: false,
    data: init.data ?? {},
  };
  store.challenges.set(row.payload, row);
  return row;
}

export type ChallengeLookup =
  | { ok: true; challenge: ChallengeRow }
  | { ok: false; reason: 'unknown' | 'expired' | 'spent' };

/** The challenge of `payload` if it is still usable (and of one of `purposes`, when given). */
export function findChallenge(
  store: Store,
  payload: string,
  purposes?: readonly string[],
): ChallengeLookup {
  const challenge = store.challenges.get(payload);
  if (!challenge || (purposes && !purposes.includes(challenge.purpose))) {
    return { ok: false, reason: 'unknown' };
  }
  if (challenge.spent) return { ok: false, reason: 'spent' };
  if (challenge.expiresAt <= store.clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, challenge };
}

/** Ends a challenge after it did its job (single use). */
export function spendChallenge(challenge: ChallengeRow): void {
  challenge.spent = true;
  challenge.codeHash = null;
}

// ----------------------------------------------------------- e-mail/SMS codes

/** A uniformly random 8-digit code. */
export function generateCode(): string {
  return String(randomInt(0, 100_000_000)).padStart(8, '0');
}

/**
 * Sends a new 8-digit code for `challenge` to the dev outbox and arms it: the
 * previous code stops working, the new one works for 10 minutes. Wrong tries
 * are kept (a resend does not reset them). Returns the code (for tests only;
 * routes never answer it).
 */
export function sendChallengeCode(
  store: Store,
  challenge: ChallengeRow,
  channel: 'email' | 'sms',
  to: string,
  purpose: CodePurpose = 'verification',
): string {
  const code = armChallengeCode(store, challenge);
  sendCode(store, to, channel, code, codeMessage(purpose, code));
  return code;
}

/**
 * Arms a new code for `challenge` without sending it anywhere: the payload
 * lives and refuses wrong codes exactly as one whose code was sent.
 */
function armChallengeCode(store: Store, challenge: ChallengeRow): string {
  const code = generateCode();
  challenge.codeHash = hashSecret(code);
  challenge.codeExpiresAt = store.clock.now() + CODE_TTL_MS;
  // Resending keeps the payload usable at least as long as its code.
  challenge.expiresAt = Math.max(challenge.expiresAt, challenge.codeExpiresAt);
  return code;
}

/**
 * Enumeration-safe code sending (docs/security.md, V6.3): where an address
 * typed by the caller already belongs to another account, the caller gets the
 * very answer of a free address (the payload is armed with a code that is
 * sent nowhere, so no code confirms it), and the address's owner is told by
 * e-mail or SMS that someone tried. Returns nothing the route may answer.
 */
export function tellAddressOwner(
  store: Store,
  challenge: ChallengeRow,
  channel: 'email' | 'sms',
  to: string,
): void {
  armChallengeCode(store, challenge);
  store.outbox.push({
    to,
    channel,
    code: '',
    ...(channel === 'email' ? { subject: ADDRESS_IN_USE.subject } : {}),
    text: ADDRESS_IN_USE[channel],
    at: store.clock.now(),
  });
}

/** What checking a code said. `spent`: too many wrong codes, start again. */
export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'spent';

/** Counts a wrong code; the fifth spends the challenge. */
export function countWrongTry(challenge: ChallengeRow): CodeCheck {
  challenge.wrongTries += 1;
  if (challenge.wrongTries >= MAX_WRONG_TRIES) {
    spendChallenge(challenge);
    return 'spent';
  }
  return 'invalid';
}

/**
 * Checks an e-mail/SMS code sent with `sendChallengeCode`. A right code is used
 * up (the challenge itself stays, for the caller to spend or continue); a wrong
 * one counts toward the 5 tries.
 */
export function verifyChallengeCode(
  store: Store,
  challenge: ChallengeRow,
  code: string,
  /** false: a right code stays usable (a check before the step that uses it). */
  consume = true,
): CodeCheck {
  if (challenge.spent) return 'spent';
  if (!challenge.codeHash) return countWrongTry(challenge);
  if ((challenge.codeExpiresAt ?? 0) <= store.clock.now()) return 'expired';
  if (!/^\d{8}$/.test(code) || !verifySecret(code, challenge.codeHash)) {
    return countWrongTry(challenge);
  }
  if (consume) challenge.codeHash = null;
  return 'ok';
}

// ----------------------------------------------------------------------- TOTP

/** A new base32 secret for an authenticator app (160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return authenticator.generateSecret(20);
}

/** The `otpauth://totp/...` URI of the QR code. */
export function totpUri(secret: string, accountName: string, issuer = 'Account portal'): string {
  return authenticator.clone(TOTP_OPTIONS).keyuri(accountName, issuer, secret);
}

/**
 * Whether `code` is the authenticator code of `method` at `at` (ms), one step
 * either side, and its time step is later than the last one accepted for this
 * method: a code works once (RFC 6238 section 5.2), so one seen over a
 * shoulder or phished cannot be replayed within its 30 seconds. A right code
 * becomes the method's last accepted step.
 */
export function acceptTotp(method: MfaMethodRow, code: string, at: number): boolean {
  if (!method.secret || !/^\d{6}$/.test(code)) return false;
  const delta = authenticator.clone({ ...TOTP_OPTIONS, epoch: at }).checkDelta(code, method.secret);
  if (delta === null) return false;
  const step = Math.floor(at / (TOTP_OPTIONS.step * 1000)) + delta;
  if (method.lastTotpStep !== undefined && step <= method.lastTotpStep) return false;
  method.lastTotpStep = step;
  return true;
}

/** The current code of `secret` (dev tooling and tests; the real app is the user's phone). */
export function totpCode(secret: string, at: number): string {
  return authenticator.clone({ ...TOTP_OPTIONS, epoch: at }).generate(secret);
}

// -------------------------------------------------------------- recovery keys

const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function newRecoveryKey(): string {
  return Array.from({ length: 10 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');
}

/**
 * 10 new recovery keys for the account, stored hashed; the old ones stop
 * working. Makes sure the account lists a `totpRecovery` method (recovery keys
 * are offered as a method of their own). Returns the keys in clear, to show once.
 */
export function generateRecoveryKeys(store: Store, accountId: number): string[] {
  const keys = Array.from({ length: RECOVERY_KEY_COUNT }, newRecoveryKey);
  store.recoveryKeys = store.recoveryKeys.filter((k) => k.accountId !== accountId);
  for (const key of keys)
    store.recoveryKeys.push({ accountId, hash: hashSecret(key), used_at: null });
  const hasMethod = [...store.mfaMethods.values()].some(
    (m) => m.accountId === accountId && m.method === 'totpRecovery',
  );
  if (!hasMethod) {
    const id = nextId(store);
    store.mfaMethods.set(id, {
      id,
      accountId,
      method: 'totpRecovery',
      target: null,
      secret: null,
      primary: false,
      active: true,
      createdAt: store.clock.now(),
    });
  }
  return keys;
}

/** Deletes the account's recovery keys and its `totpRecovery` method (authenticator removed). */
export function removeRecoveryKeys(store: Store, accountId: number): void {
  store.recoveryKeys = store.recoveryKeys.filter((k) => k.accountId !== accountId);
  for (const m of [...store.mfaMethods.values()]) {
    if (m.accountId === accountId && m.method === 'totpRecovery') store.mfaMethods.delete(m.id);
  }
}

/** Marks the matching unused key as used; false when no unused key matches. */
export function consumeRecoveryKey(store: Store, accountId: number, key: string): boolean {
  const wanted = key.trim().toUpperCase();
  if (!/^[A-Z0-9]{6,32}$/.test(wanted)) return false;
  const row = store.recoveryKeys.find(
    (k) => k.accountId === accountId && k.used_at === null && verifySecret(wanted, k.hash),
  );
  if (!row) return false;
  row.used_at = store.clock.now();
  return true;
}

export function unusedRecoveryKeys(store: Store, accountId: number): number {
  return store.recoveryKeys.filter((k) => k.accountId === accountId && k.used_at === null).length;
}

// -------------------------------------------------------------------- methods

const KIND_ORDER = ['email', 'sms', 'totp', 'card', 'totpRecovery'] as const;

/** The account's confirmed methods, primary first. */
export function activeMethods(store: Store, accountId: number): MfaMethodRow[] {
  return [...store.mfaMethods.values()]
    .filter((m) => m.accountId === accountId && m.active)
    .sort(
      (a, b) =>
        Number(b.primary) - Number(a.primary) ||
        KIND_ORDER.indexOf(a.method) - KIND_ORDER.indexOf(b.method) ||
        a.id - b.id,
    );
}

/** Whether the account has a second factor that sign-in must ask for. */
export function hasMfa(store: Store, accountId: number): boolean {
  return activeMethods(store, accountId).some((m) => m.method !== 'totpRecovery');
}

/** The wire view of a method; `masked` for anyone not signed in (sign-in challenges). */
export function toMfaMethod(row: MfaMethodRow, masked: boolean): MfaMethod {
  const view: MfaMethod = {
    id: row.id,
    method: row.method,
    target: row.method === 'email' || row.method === 'sms' ? row.target : null,
    primary: row.primary,
  };
  if (masked && view.target) view.target = maskContact(view.target);
  if (row.method === 'card' && row.target) {
    view.card_number = masked
      ? `${row.target.slice(0, 4)}********${row.target.slice(-4)}`
      : row.target;
  }
  return view;
}

/** Where a card method's verification code goes: the default phone, else the default e-mail. */
function cardCodeDestination(
  store: Store,
  accountId: number,
): { channel: 'email' | 'sms'; to: string } | null {
  const account = store.accounts.get(accountId);
  if (!account) return null;
  const phone = account.phone.find((p) => p.default) ?? account.phone[0];
  if (phone) return { channel: 'sms', to: phone.value };
  const email = account.email.find((e) => e.default) ?? account.email[0];
  return email ? { channel: 'email', to: email.value } : null;
}

/**
 * Points `challenge` at `method` and, for e-mail, SMS and card, sends a new
 * code. Returns the masked destination of the code (null for TOTP and
 * recovery keys).
 */
export function startMethodCheck(
  store: Store,
  challenge: ChallengeRow,
  method: MfaMethodRow,
): string | null {
  if (challenge.mfaId !== method.id) {
    challenge.codeHash = null;
    challenge.mfaId = method.id;
  }
  if ((method.method === 'email' || method.method === 'sms') && method.target) {
    sendChallengeCode(store, challenge, method.method, method.target);
    return maskContact(method.target);
  }
  if (method.method === 'card') {
    const dest = cardCodeDestination(store, method.accountId);
    if (!dest) return null;
    sendChallengeCode(store, challenge, dest.channel, dest.to, 'cardVerification');
    return maskContact(dest.to);
  }
  return null;
}

export interface MethodCheckInput {
  code: string;
  /** The card method's card number. */
  card_number?: string | undefined;
}

/**
 * Checks what the user typed against `method` on `challenge`, whatever the
 * kind: e-mail/SMS/card codes sent by `startMethodCheck`, TOTP, or a recovery
 * key (consumed when right). Every wrong answer counts toward the 5 tries.
 */
export function checkMethodCode(
  store: Store,
  challenge: ChallengeRow,
  method: MfaMethodRow,
  input: MethodCheckInput,
): CodeCheck {
  if (challenge.spent) return 'spent';
  switch (method.method) {
    case 'email':
    case 'sms':
      return verifyChallengeCode(store, challenge, input.code);
    case 'card': {
      if (input.card_number !== method.target) return countWrongTry(challenge);
      return verifyChallengeCode(store, challenge, input.code);
    }
    case 'totp':
      return acceptTotp(method, input.code, store.clock.now()) ? 'ok' : countWrongTry(challenge);
    case 'totpRecovery':
      return consumeRecoveryKey(store, method.accountId, input.code)
        ? 'ok'
        : countWrongTry(challenge);
  }
}

// ---------------------------------------------------- sudo and trusted devices

/** A recent MFA check for this token: sensitive changes are allowed for 15 minutes. */
export function grantSudo(store: Store, token: string): void {
  store.sudoUntil.set(token, store.clock.now() + SUDO_TTL_MS);
}

export function hasSudo(store: Store, token: string | undefined): boolean {
  if (!token) return false;
  return (store.sudoUntil.get(token) ?? 0) > store.clock.now();
}

export function trustDevice(store: Store, accountId: number, deviceId: string): void {
  const now = store.clock.now();
  const until = now + TRUSTED_DEVICE_TTL_MS;
  const row = store.trustedDevices.find(
    (d) => d.accountId === accountId && d.deviceId === deviceId,
  );
  if (row && row.until > now) row.until = until;
  else {
    if (row) store.trustedDevices.splice(store.trustedDevices.indexOf(row), 1);
    store.trustedDevices.push({ id: nextId(store), accountId, deviceId, since: now, until });
  }
}

export function isTrustedDevice(store: Store, accountId: number, deviceId: string | null): boolean {
  if (!deviceId) return false;
  return store.trustedDevices.some(
    (d) => d.accountId === accountId && d.deviceId === deviceId && d.until > store.clock.now(),
  );
}
