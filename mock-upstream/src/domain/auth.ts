import {
  type AccountLabel,
  type ErrorBody,
  type HashTokenOwner,
  isFirstPartyClient,
  LOGIN_LOCK,
  LOGIN_WARN_BELOW,
  MFA_PAUSE,
  type MfaNeeded,
  type MfaPaused,
  type PasswordGrant,
  type SignInRefused,
  type TokenAnswer,
  toE164,
} from '@portal/contract';
import { maskContact } from '@portal/contract/mask';
import { isFirstPartyToken } from '../scopes';
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
  sendCode,
  type TokenRow,
  tokenRow,
  verifySecret,
} from '../store';
import { noteSignIn, renameKnownDevice } from './devices';
import { mustResetPassword, RESET_REQUIRED } from './lockdown';
import { mfaPausedMessage } from './messages';
import {
  activeMethods,
  checkMethodCode,
  createChallenge,
  findChallenge,
  grantSudo,
  hasMfa,
  hasSudo,
  isTrustedDevice,
  spendChallenge,
  startMethodCheck,
  toMfaMethod,
  trustDevice,
  unusedRecoveryKeys,
} from './mfa-codes';
import { completeLink } from './partner';

/**
 * Sign-in (password grant), MFA at sign-in and step-up (sudo), MFA status and
 * login by the address-hash token. Challenge purposes used here: `login` (a
 * sign-in waiting for its second factor), `sudo` (a step-up of a token),
 * `handover` (a one-time hash token) and `fuzzion` (made for the merge domain).
 */

export const TOKEN_TTL_S = 30 * 24 * 3600;
/** A hash token is for an immediate hand-over from another app. */
export const HANDOVER_TTL_MS = 5 * 60_000;

const INVALID_LOGIN: ErrorBody = {
  code: 'invalid_grant',
  message: 'Invalid username/password.',
};

type Result<S extends number, B> = { status: S; body: B };

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

function tokenAnswer(row: TokenRow, account: Account): TokenAnswer {
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

function signedIn(
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

// ------------------------------------------------------------------------ sudo

const PAYLOAD_GONE = {
  expired: {
    code: 'payload_expired',
    message: 'This verification has expired. Please start again.',
  },
  spent: {
    code: 'payload_spent',
    message: 'Too many wrong codes. Please start again.',
  },
} as const;

const UNKNOWN_PAYLOAD: ErrorBody = {
  code: 'invalid_payload',
  message: 'This verification is unknown. Please start again.',
};
const UNAUTHENTICATED: ErrorBody = { code: 'unauthenticated', message: 'Sign in first.' };

// --------------------------------------------- second factor paused per account

type Paused = Result<429, MfaPaused> & { retryAfterS: number };

/** The 429 of a paused second factor, with the seconds left. */
function pausedAnswer(store: Store, accountId: number | null): Paused | null {
  const until = accountId === null ? 0 : (store.mfaPausedUntil.get(accountId) ?? 0);
  const left = Math.ceil((until - store.clock.now()) / 1000);
  if (left <= 0) return null;
  const minutes = Math.ceil(left / 60);
  return {
    status: 429,
    body: {
      code: 'mfa_paused',
      message: `Too many wrong codes for this account. Two-step verification is paused for ${minutes} minutes.`,
      retry_after: left,
    },
    retryAfterS: left,
  };
}

/**
 * Counts a wrong second factor against the account, whatever the challenge:
 * fresh challenges do not reset it (a challenge's own 5 tries only end that
 * challenge). The tenth within 15 minutes pauses the account's second factor
 * for 15 minutes, e-mails the owner and records `mfa_paused` in the history.
 * Returns the pause's answer when this failure started one.
 */
function countMfaFailure(
  store: Store,
  account: Account,
  session: Partial<SessionInfo>,
): Paused | null {
  const now = store.clock.now();
  const recent = (store.mfaFailures.get(account.id) ?? []).filter(
    (at) => at > now - MFA_PAUSE.windowMs,
  );
  recent.push(now);
  if (recent.length < MFA_PAUSE.maxFailures) {
    store.mfaFailures.set(account.id, recent);
    return null;
  }
  store.mfaFailures.delete(account.id);
  store.mfaPausedUntil.set(account.id, now + MFA_PAUSE.pauseMs);
  recordEvent(store, account.id, 'mfa_paused', deviceOf(session), String(recent.length));
  const email = account.email.find((e) => e.default && e.verified) ?? account.email[0];
  if (email) {
    sendCode(
      store,
      email.value,
      'email',
      '',
      mfaPausedMessage(recent.length, MFA_PAUSE.pauseMs / 60_000),
    );
  }
  return pausedAnswer(store, account.id);
}

export interface SudoStartInput {
  single?: '0' | '1' | undefined;
  mfaId?: number | undefined;
  payload?: string | undefined;
}

export type SudoStart =
  | Result<200, { payload: string; method: MfaMethodRow['method']; target: string | null }>
  | Result<400 | 401 | 404 | 410, ErrorBody>
  | Paused;

/**
 * `GET /mfa/sudo`: with `payload`, (re)starts the code check of a sign-in or
 * an earlier step-up; without, starts a step-up of the bearer's session. The
 * chosen method (`mfaId`, else the primary one) gets a fresh code.
 */
export function startSudo(
  store: Store,
  query: SudoStartInput,
  bearer: string | undefined,
): SudoStart {
  let challenge: ReturnType<typeof createChallenge>;
  if (query.payload) {
    const found = findChallenge(store, query.payload, ['login', 'sudo']);
    if (!found.ok) {
      return found.reason === 'unknown'
        ? { status: 400, body: UNKNOWN_PAYLOAD }
        : { status: 410, body: PAYLOAD_GONE[found.reason] };
    }
    challenge = found.challenge;
    if (challenge.purpose === 'sudo' && challenge.data.token !== bearer) {
      return { status: 401, body: UNAUTHENTICATED };
    }
  } else {
    const session = tokenRow(store, bearer);
    if (!session || session.clientId !== null) return { status: 401, body: UNAUTHENTICATED };
    challenge = createChallenge(store, {
      purpose: 'sudo',
      accountId: session.accountId,
      data: { token: session.token },
    });
  }
  // While paused, no code is sent either: nothing to check it against.
  const paused = pausedAnswer(store, challenge.accountId);
  if (paused) return paused;
  const accountId = challenge.accountId ?? -1;
  const methods = activeMethods(store, accountId);
  const method =
    query.mfaId !== undefined
      ? methods.find((m) => m.id === query.mfaId)
      : methods.find((m) => m.method !== 'totpRecovery');
  if (!method) {
    return {
      status: 404,
      body: { code: 'mfa_not_found', message: 'This verification method does not exist.' },
    };
  }
  if (method.method === 'totpRecovery' && unusedRecoveryKeys(store, accountId) === 0) {
    return {
      status: 400,
      body: { code: 'no_recovery_keys', message: 'No unused recovery key is left.' },
    };
  }
  const target = startMethodCheck(store, challenge, method);
  return { status: 200, body: { payload: challenge.payload, method: method.method, target } };
}

export interface SudoConfirmInput {
  payload: string;
  code: string;
  isTrustedDevice?: boolean | undefined;
  card_number?: string | undefined;
}

export type SudoConfirm =
  | Result<
      200,
      | (TokenAnswer & {
          password_status: number;
          recovery_keys_left?: number;
          fuzzion?: { payload: string };
        })
      | { sudo: true; recovery_keys_left?: number }
    >
  | Result<400 | 401 | 410, ErrorBody>
  | Result<422, { message: string }>
  | Paused;

/**
 * `POST /mfa/sudo`: checks the code of a started check. A sign-in gets its
 * session (sudo included) and, when a duplicate account exists, a `fuzzion`
 * payload; a step-up gets sudo on the bearer's session.
 */
export function confirmSudo(
  store: Store,
  input: SudoConfirmInput,
  bearer: string | undefined,
  session: Partial<SessionInfo>,
): SudoConfirm {
  const found = findChallenge(store, input.payload, ['login', 'sudo']);
  if (!found.ok) {
    return found.reason === 'unknown'
      ? { status: 400, body: UNKNOWN_PAYLOAD }
      : { status: 410, body: PAYLOAD_GONE[found.reason] };
  }
  const challenge = found.challenge;
  if (challenge.purpose === 'sudo' && challenge.data.token !== bearer) {
    return { status: 401, body: UNAUTHENTICATED };
  }
  if (challenge.purpose === 'sudo' && !tokenRow(store, bearer)) {
    return { status: 401, body: UNAUTHENTICATED };
  }
  const method = challenge.mfaId === null ? undefined : store.mfaMethods.get(challenge.mfaId);
  const account =
    challenge.accountId === null ? undefined : store.accounts.get(challenge.accountId);
  if (!method?.active || !account || method.accountId !== account.id) {
    return {
      status: 400,
      body: { code: 'method_not_started', message: 'Choose a verification method first.' },
    };
  }

  const paused = pausedAnswer(store, account.id);
  if (paused) return paused;
  const check = checkMethodCode(store, challenge, method, input);
  if (check === 'spent' || check === 'invalid') {
    const pause = countMfaFailure(store, account, session);
    if (pause) return pause;
  }
  if (check === 'spent') return { status: 410, body: PAYLOAD_GONE.spent };
  if (check === 'expired') {
    return { status: 422, body: { message: 'The code has expired. Please ask for a new one.' } };
  }
  if (check === 'invalid') {
    return {
      status: 422,
      body: {
        message:
          method.method === 'card'
            ? 'Your card number or code is invalid.'
            : 'The code is invalid.',
      },
    };
  }

  spendChallenge(challenge);
  store.mfaFailures.delete(account.id);
  const recovery =
    method.method === 'totpRecovery'
      ? { recovery_keys_left: unusedRecoveryKeys(store, account.id) }
      : {};
  if (method.method === 'totpRecovery') {
    recordEvent(store, account.id, 'recovery_key_used', deviceOf(session));
  }

  if (challenge.purpose === 'sudo') {
    grantSudo(store, bearer as string);
    return { status: 200, body: { sudo: true, ...recovery } };
  }

  // A workplace login waiting for this second factor is linked before any session exists.
  const link = typeof challenge.data.link === 'string' ? challenge.data.link : null;
  if (link && !completeLink(store, account, link, session)) {
    return { status: 410, body: PAYLOAD_GONE.expired };
  }
  // The portal may name the device by a new key at the code step (it renews
  // its device key there): the device the password step named is the same one.
  const before = typeof challenge.data.deviceId === 'string' ? challenge.data.deviceId : null;
  if (before && session.deviceId) renameKnownDevice(store, account.id, before, session.deviceId);
  if (input.isTrustedDevice && session.deviceId) trustDevice(store, account.id, session.deviceId);
  const how = link ? `sso link, mfa: ${method.method}` : `mfa: ${method.method}`;
  const row = signedIn(store, account, session, how);
  grantSudo(store, row.token);
  const fuzzion = account.duplicateOf
    ? {
        fuzzion: {
          payload: createChallenge(store, {
            purpose: 'fuzzion',
            accountId: account.id,
            data: { otherLogin: account.duplicateOf },
          }).payload,
        },
      }
    : {};
  return {
    status: 200,
    body: {
      ...tokenAnswer(row, account),
      password_status: account.password_status,
      ...recovery,
      ...fuzzion,
    },
  };
}

/** `GET /mfa/status` of the bearer's session. */
export function mfaStatus(
  store: Store,
  bearer: string | undefined,
): Result<200, { need_card: boolean; single: boolean; sudo: boolean }> | Result<401, ErrorBody> {
  const session = tokenRow(store, bearer);
  if (!session) return { status: 401, body: UNAUTHENTICATED };
  const methods = activeMethods(store, session.accountId).filter(
    (m) => m.method !== 'totpRecovery',
  );
  return {
    status: 200,
    body: {
      need_card: methods[0]?.method === 'card' && methods[0].primary,
      single: methods.length === 1,
      sudo: hasSudo(store, session.token),
    },
  };
}

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

// ------------------------------------------------------------- login by hash

/**
 * A first-party app hands its signed-in user over to the portal: a one-time
 * hash token. Only the portal's own sessions and first-party clients' tokens
 * may mint one: a partner's token, whatever its scopes, would otherwise turn
 * into a full portal session (`loginByHash` answers no scopes).
 */
export function createHandoverToken(
  store: Store,
  bearer: string | undefined,
): Result<201, { token: string; expires_in: number }> | Result<401 | 403, ErrorBody> {
  const session = tokenRow(store, bearer);
  if (!session) return { status: 401, body: UNAUTHENTICATED };
  if (!isFirstPartyToken(session)) {
    return {
      status: 403,
      body: {
        code: 'insufficient_scope',
        message: 'Only the portal and first-party apps can hand a user over.',
      },
    };
  }
  const challenge = createChallenge(store, {
    purpose: 'handover',
    accountId: session.accountId,
    ttlMs: HANDOVER_TTL_MS,
    data: { clientId: session.clientId },
  });
  return { status: 201, body: { token: challenge.payload, expires_in: HANDOVER_TTL_MS / 1000 } };
}

/**
 * Exchanges a hash token (single use, 5 minutes) for a session of the same
 * account. The answer names the client whose token minted it (`client_id`,
 * null for a portal session), so that the portal can check it for itself.
 */
export function loginByHash(
  store: Store,
  input: { token: string; 'origin-app'?: string | undefined },
  session: Partial<SessionInfo>,
): Result<200, TokenAnswer & { client_id: number | null }> | Result<400, ErrorBody> {
  const found = findChallenge(store, input.token, ['handover']);
  const account =
    found.ok && found.challenge.accountId !== null
      ? store.accounts.get(found.challenge.accountId)
      : undefined;
  const clientId = found.ok ? (found.challenge.data.clientId as number | null | undefined) : null;
  if (!found.ok || !account || clientId === undefined || !isFirstPartyClient(clientId)) {
    return {
      status: 400,
      body: { code: 'invalid_token', message: 'This sign-in link is invalid or has expired.' },
    };
  }
  spendChallenge(found.challenge);
  const how = `token from ${input['origin-app'] ?? 'another app'}`;
  return {
    status: 200,
    body: {
      ...tokenAnswer(signedIn(store, account, session, how), account),
      client_id: clientId,
    },
  };
}

/** First name and masked default e-mail: enough for a person to recognise an account. */
function labelOf(account: Account): AccountLabel {
  const email = account.email.find((e) => e.default) ?? account.email[0];
  return { firstname: account.firstname, login: email ? maskContact(email.value) : '' };
}

/** Whose a hash token is, and whether it is the bearer's account; the token stays usable. */
export function peekHashToken(
  store: Store,
  token: string,
  bearer: string | undefined,
): Result<200, HashTokenOwner> | Result<400, ErrorBody> {
  const found = findChallenge(store, token, ['handover']);
  const account =
    found.ok && found.challenge.accountId !== null
      ? store.accounts.get(found.challenge.accountId)
      : undefined;
  if (!account) {
    return {
      status: 400,
      body: { code: 'invalid_token', message: 'This sign-in link is invalid or has expired.' },
    };
  }
  const session = tokenRow(store, bearer);
  const current = session && store.accounts.get(session.accountId);
  return {
    status: 200,
    body: {
      incoming: labelOf(account),
      current: current ? labelOf(current) : null,
      same_account: current?.id === account.id,
    },
  };
}
