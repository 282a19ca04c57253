import { type ErrorBody, MFA_PAUSE, type MfaPaused, type TokenAnswer } from '@portal/contract';
import {
  type Account,
  deviceOf,
  type MfaMethodRow,
  recordEvent,
  type SessionInfo,
  type Store,
  sendCode,
  tokenRow,
} from '../store';
import { type Result, signedIn, tokenAnswer, UNAUTHENTICATED } from './auth';
import { renameKnownDevice } from './devices';
import { mfaPausedMessage } from './messages';
import {
  activeMethods,
  checkMethodCode,
  createChallenge,
  findChallenge,
  grantSudo,
  hasSudo,
  spendChallenge,
  startMethodCheck,
  trustDevice,
  unusedRecoveryKeys,
} from './mfa-codes';
import { completeLink } from './partner';

/**
 * The second factor: a sign-in's MFA and the step-up (sudo) of a token, the
 * pause of an account after too many wrong codes, and the MFA status.
 */
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
