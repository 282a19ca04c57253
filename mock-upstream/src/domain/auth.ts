import {
  type ErrorBody,
  LOGIN_LOCK,
  LOGIN_WARN_BELOW,
  type MfaNeeded,
  type PasswordGrant,
  type SignInRefused,
  type TokenAnswer,
  toE164,
} from '@portal/contract';
import {
  type Account,
  deviceOf,
  findAccountByLogin,
  hashSecret,
  issueToken,
  type MfaMethodRow,
  normaliseLogin,
  randomOpaque,
  recordEvent,
  renewToken,
  type SessionInfo,
  type Store,
  type TokenRow,
  tokenRow,
  verifySecret,
} from '../store';
import { noteSignIn } from './devices';
import { mustResetPassword, RESET_REQUIRED } from './lockdown';
import {
  activeMethods,
  createChallenge,
  hasMfa,
  isTrustedDevice,
  toMfaMethod,
  unusedRecoveryKeys,
} from './mfa-codes';

/**
 * Sign-in by password (the grant, its locks, the password check every
 * password door shares) and the renewal of a session's token. The second
 * factor (a sign-in's MFA, the step-up, the pause) is `second-factor.ts`, the
 * login by the address-hash token `handover.ts`. Challenge purposes: `login`
 * (a sign-in waiting for its second factor), `sudo` (a step-up of a token),
 * `handover` (a one-time hash token) and `fuzzion` (made for the merge domain).
 */

export const TOKEN_TTL_S = 30 * 24 * 3600;

const INVALID_LOGIN: ErrorBody = {
  code: 'invalid_grant',
  message: 'Invalid username/password.',
};

export type Result<S extends number, B> = { status: S; body: B };

export type PasswordSignIn =
  | Result<200, TokenAnswer>
  | Result<400, SignInRefused>
  | Result<401, MfaNeeded>
  | Result<403, ErrorBody>
  | (Result<429, ErrorBody> & { retryAfterS: number });

/** E-mail, E.164 phone, or a phone typed the national way (`0470 00 00 01`). */
export function accountByLogin(store: Store, username: string): Account | undefined {
  const direct = findAccountByLogin(store, username);
  if (direct || username.includes('@')) return direct;
  const e164 = toE164(username, store.region === 'lu' ? 'LU' : 'BE');
  return e164 ? findAccountByLogin(store, e164) : undefined;
}

export function tokenAnswer(row: TokenRow, account: Account): TokenAnswer {
  return {
    access_token: row.token,
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_S,
    password_status: account.password_status,
  };
}

/**
 * Who a sign-in lock is about: the account (or, for a login no account has,
 * the login as typed, normalised) together with the caller's address. Unknown
 * logins lock exactly like known ones, so a lock tells nothing about an
 * account; and the owner signing in from another address is never locked out
 * by a stranger (the gateway's per-address limits bound what one address may
 * try across logins). docs/security.md, "Sign-in lockout".
 */
function lockKey(account: Account | undefined, username: string, ip: string) {
  return account ? `a:${account.id}|${ip}` : `l:${normaliseLogin(username)}|${ip}`;
}

/** Seconds left of a lock, or 0 when the pair is not locked. */
function lockLeftS(store: Store, key: string): number {
  const until = store.signInLockedUntil.get(key) ?? 0;
  const left = until - store.clock.now();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Records a failed sign-in; the fifth within 15 minutes locks the pair for 15
 * minutes. Returns how many tries are left before the lock (0: locked now).
 */
function recordFailure(
  store: Store,
  key: string,
  account: Account | undefined,
  session: Partial<SessionInfo>,
  where: string | null = null,
): number {
  const now = store.clock.now();
  const recent = (store.signInFailures.get(key) ?? []).filter(
    (at) => at > now - LOGIN_LOCK.windowMs,
  );
  recent.push(now);
  const locked = recent.length >= LOGIN_LOCK.maxFailures;
  if (account) {
    const detail = [where, locked ? 'locked' : null].filter(Boolean).join(', ') || null;
    recordEvent(store, account.id, 'login_failed', deviceOf(session), detail);
  }
  if (locked) {
    store.signInLockedUntil.set(key, now + LOGIN_LOCK.lockMs);
    store.signInFailures.delete(key);
  } else {
    store.signInFailures.set(key, recent);
  }
  return Math.max(0, LOGIN_LOCK.maxFailures - recent.length);
}

/**
 * A password hash no password matches: an unknown login is checked against it,
 * so that it costs the same time as a known one (no timing oracle).
 */
const DECOY_HASH = hashSecret(randomOpaque());

/** The 429 of a locked login (sign-in and every other password check), with its seconds. */
const lockedAnswer = (retryAfterS: number) => ({
  status: 429 as const,
  body: { code: 'too_many_attempts', message: 'Too many attempts. Please try again later.' },
  retryAfterS,
});
export type PasswordLocked = ReturnType<typeof lockedAnswer>;

/**
 * Every password check other than the sign-in (the password change's current
 * password, the merge's password proof, the workplace link) is bounded as
 * the sign-in is: it counts toward the same lock of the account and the
 * caller's address (`lockKey`), is refused with the sign-in's 429 while the
 * lock holds, and records the same `login_failed` history event (its detail
 * naming where). So a stolen session cannot guess the password through the
 * password change, nor a link or a merge through its own door, any faster
 * than through the sign-in. docs/security.md, "Sign-in lockout".
 */
export function checkPassword(
  store: Store,
  who: Account | { username: string },
  password: string,
  session: Partial<SessionInfo>,
  where: string,
): 'ok' | 'wrong' | PasswordLocked {
  const account = 'passwordHash' in who ? who : undefined;
  const key = lockKey(account, 'username' in who ? who.username : '', session.ip ?? '');
  const lockLeft = lockLeftS(store, key);
  if (lockLeft > 0) return lockedAnswer(lockLeft);
  // An unknown login costs the time of a known one (DECOY_HASH).
  if (verifySecret(password, account?.passwordHash ?? DECOY_HASH) && account) {
    store.signInFailures.delete(key);
    return 'ok';
  }
  // As at the sign-in, the failure that locks is still answered as a wrong password.
  recordFailure(store, key, account, session, where);
  return 'wrong';
}

/** Forgets every sign-in failure and lock of `accountId` (a password reset, a merge). */
export function clearSignInLocks(store: Store, accountId: number): void {
  const prefix = `a:${accountId}|`;
  for (const map of [store.signInFailures, store.signInLockedUntil]) {
    for (const key of [...map.keys()]) if (key.startsWith(prefix)) map.delete(key);
  }
}

/** Whether a reset on this device vouches for its sign-in now (once: the vouch is spent). */
function resetVouched(store: Store, accountId: number, deviceId: string | null): boolean {
  if (!deviceId) return false;
  const key = `${accountId}|${deviceId}`;
  const until = store.resetVouched.get(key);
  store.resetVouched.delete(key);
  return until !== undefined && until > store.clock.now();
}

/** The methods a sign-in offers: recovery keys only while some are left. */
export function offeredMethods(store: Store, accountId: number): MfaMethodRow[] {
  return activeMethods(store, accountId).filter(
    (m) => m.method !== 'totpRecovery' || unusedRecoveryKeys(store, accountId) > 0,
  );
}

export function signedIn(
  store: Store,
  account: Account,
  session: Partial<SessionInfo>,
  how: string,
): TokenRow {
  const row = issueToken(store, account.id, session);
  noteSignIn(store, account.id, session);
  recordEvent(store, account.id, 'login', row, how);
  return row;
}

/**
 * The password grant. Wrong credentials: 400 with the spec's message, and the
 * same answers, lock included, for an unknown login, so that logins cannot be
 * probed. MFA: a 401 carrying
 * a `login` challenge unless this X-Device-ID is trusted.
 */
export function passwordSignIn(
  store: Store,
  grant: PasswordGrant,
  session: Partial<SessionInfo>,
): PasswordSignIn {
  const account = accountByLogin(store, grant.username);
  const key = lockKey(account, grant.username, session.ip ?? '');
  const lockLeft = lockLeftS(store, key);
  if (lockLeft > 0) return lockedAnswer(lockLeft);
  const passwordOk = verifySecret(grant.password, account?.passwordHash ?? DECOY_HASH);
  if (!account || !passwordOk) {
    const left = recordFailure(store, key, account, session);
    // The person is warned before the pause, known login or not (the same count for both).
    const warn = left > 0 && left <= LOGIN_WARN_BELOW;
    return { status: 400, body: warn ? { ...INVALID_LOGIN, attempts_left: left } : INVALID_LOGIN };
  }
  store.signInFailures.delete(key);
  // A locked account: the right password opens nothing until it is replaced (docs/flows.md).
  if (mustResetPassword(store, account.id)) return RESET_REQUIRED;

  const vouched = resetVouched(store, account.id, session.deviceId ?? null);
  if (
    hasMfa(store, account.id) &&
    !vouched &&
    !isTrustedDevice(store, account.id, session.deviceId ?? null)
  ) {
    const challenge = createChallenge(store, {
      purpose: 'login',
      accountId: account.id,
      data: { deviceId: session.deviceId ?? null },
    });
    const methods = offeredMethods(store, account.id).map((m) => toMfaMethod(m, true));
    return { status: 401, body: { mfa: { payload: challenge.payload, methods } } };
  }
  const how = !hasMfa(store, account.id)
    ? 'password'
    : vouched
      ? 'password, just reset'
      : 'password, trusted device';
  return { status: 200, body: tokenAnswer(signedIn(store, account, session, how), account) };
}

export const UNAUTHENTICATED: ErrorBody = { code: 'unauthenticated', message: 'Sign in first.' };

// ------------------------------------------------------------- renewal

/**
 * `POST /token/renew`: the bearer's session under a new token, the old one
 * dead at once (docs/threat-model.md, "A session's life"). The portal asks
 * for it after a step-up and after every change to what proves the account,
 * so that no token outlives a change of what its session may do.
 */
export function renewSession(
  store: Store,
  bearer: string | undefined,
): Result<200, TokenAnswer> | Result<401, ErrorBody> {
  const row = tokenRow(store, bearer);
  const account = row ? store.accounts.get(row.accountId) : undefined;
  if (!row || !account) return { status: 401, body: UNAUTHENTICATED };
  return { status: 200, body: tokenAnswer(renewToken(store, row), account) };
}
