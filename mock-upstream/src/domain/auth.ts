import {
  type ErrorBody,
  LOGIN_LOCK,
  type MfaNeeded,
  type PasswordGrant,
  type TokenAnswer,
  toE164,
} from '@portal/contract';
import {
  type Account,
  describeDevice,
  findAccountByLogin,
  issueToken,
  type MfaMethodRow,
  placeOf,
  recordEvent,
  type SessionInfo,
  type Store,
  type TokenRow,
  tokenRow,
  verifySecret,
} from '../store';
import { noteSignIn } from './devices';
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
  | Result<400, ErrorBody>
  | Result<401, MfaNeeded>
  | (Result<429, ErrorBody> & { retryAfterS: number });

/** Device and place of a request, as a history event records them. */
function deviceOf(session: Partial<SessionInfo>) {
  return { ...describeDevice(session.userAgent ?? null), ...placeOf(session.ip ?? null) };
}

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

/** Seconds left of a lock, or 0 when the account is not locked. */
function lockLeftS(store: Store, accountId: number): number {
  const until = store.lockedUntil.get(accountId) ?? 0;
  const left = until - store.clock.now();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Records a failed sign-in; the fifth within 15 minutes locks the account for 15 minutes. */
function recordFailure(store: Store, account: Account, session: Partial<SessionInfo>): void {
  const now = store.clock.now();
  const recent = (store.failedLogins.get(account.id) ?? []).filter(
    (at) => at > now - LOGIN_LOCK.windowMs,
  );
  recent.push(now);
  const locked = recent.length >= LOGIN_LOCK.maxFailures;
  recordEvent(store, account.id, 'login_failed', deviceOf(session), locked ? 'locked' : null);
  if (locked) {
    store.lockedUntil.set(account.id, now + LOGIN_LOCK.lockMs);
    store.failedLogins.delete(account.id);
  } else {
    store.failedLogins.set(account.id, recent);
  }
}

/** The methods a sign-in offers: recovery keys only while some are left. */
function offeredMethods(store: Store, accountId: number): MfaMethodRow[] {
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
 * The password grant. Wrong credentials: 400 with the spec's message (the same
 * for an unknown login, so that logins cannot be probed). MFA: a 401 carrying
 * a `login` challenge unless this X-Device-ID is trusted.
 */
export function passwordSignIn(
  store: Store,
  grant: PasswordGrant,
  session: Partial<SessionInfo>,
): PasswordSignIn {
  const account = accountByLogin(store, grant.username);
  if (!account) return { status: 400, body: INVALID_LOGIN };
  const lockLeft = lockLeftS(store, account.id);
  if (lockLeft > 0) {
    return {
      status: 429,
      body: { code: 'too_many_attempts', message: 'Too many attempts. Please try again later.' },
      retryAfterS: lockLeft,
    };
  }
  if (!verifySecret(grant.password, account.passwordHash)) {
    recordFailure(store, account, session);
    return { status: 400, body: INVALID_LOGIN };
  }
  store.failedLogins.delete(account.id);

  if (hasMfa(store, account.id) && !isTrustedDevice(store, account.id, session.deviceId ?? null)) {
    const challenge = createChallenge(store, { purpose: 'login', accountId: account.id });
    const methods = offeredMethods(store, account.id).map((m) => toMfaMethod(m, true));
    return { status: 401, body: { mfa: { payload: challenge.payload, methods } } };
  }
  const how = hasMfa(store, account.id) ? 'password, trusted device' : 'password';
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

export interface SudoStartInput {
  single?: '0' | '1' | undefined;
  mfaId?: number | undefined;
  payload?: string | undefined;
}

export type SudoStart =
  | Result<200, { payload: string; method: MfaMethodRow['method']; target: string | null }>
  | Result<400 | 401 | 404 | 410, ErrorBody>;

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
  | Result<422, { message: string }>;

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

  const check = checkMethodCode(store, challenge, method, input);
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

  if (input.isTrustedDevice && session.deviceId) trustDevice(store, account.id, session.deviceId);
  const row = signedIn(store, account, session, `mfa: ${method.method}`);
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

// ------------------------------------------------------------- login by hash

/** A first-party app hands its signed-in user over to the portal: a one-time hash token. */
export function createHandoverToken(
  store: Store,
  bearer: string | undefined,
): Result<201, { token: string; expires_in: number }> | Result<401, ErrorBody> {
  const session = tokenRow(store, bearer);
  if (!session) return { status: 401, body: UNAUTHENTICATED };
  const challenge = createChallenge(store, {
    purpose: 'handover',
    accountId: session.accountId,
    ttlMs: HANDOVER_TTL_MS,
  });
  return { status: 201, body: { token: challenge.payload, expires_in: HANDOVER_TTL_MS / 1000 } };
}

/** Exchanges a hash token (single use, 5 minutes) for a session of the same account. */
export function loginByHash(
  store: Store,
  input: { token: string; 'origin-app'?: string | undefined },
  session: Partial<SessionInfo>,
): Result<200, TokenAnswer> | Result<400, ErrorBody> {
  const found = findChallenge(store, input.token, ['handover']);
  const account =
    found.ok && found.challenge.accountId !== null
      ? store.accounts.get(found.challenge.accountId)
      : undefined;
  if (!found.ok || !account) {
    return {
      status: 400,
      body: { code: 'invalid_token', message: 'This sign-in link is invalid or has expired.' },
    };
  }
  spendChallenge(found.challenge);
  const how = `token from ${input['origin-app'] ?? 'another app'}`;
  return { status: 200, body: tokenAnswer(signedIn(store, account, session, how), account) };
}
