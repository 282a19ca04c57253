import { createHmac } from 'node:crypto';
import {
  type ForgotPasswordAnswer,
  type ForgotPasswordRequest,
  type ForgotUsernameAnswer,
  type ForgotUsernameRequest,
  type ResetCodeCheck,
  type ResetPasswordRequest,
  toE164,
} from '@portal/contract';
import { maskContact } from '@portal/contract/mask';
import {
  type Account,
  deviceOf,
  hashSecret,
  normaliseLogin,
  randomOpaque,
  recordEvent,
  revokeToken,
  type SessionInfo,
  type Store,
} from '../store';
import { accountByLogin, clearSignInLocks } from './auth';
import { passwordReplaced } from './lockdown';
import {
  activeMethods,
  CODE_TTL_MS,
  countWrongTry,
  createChallenge,
  findChallenge,
  sendChallengeCode,
  spendChallenge,
  verifyChallengeCode,
} from './mfa-codes';
import { sendPasswordChangedNotice } from './notices';
import { toSession } from './sessions';

/**
 * Forgot password, reset password and forgot username (docs/product.md part 2). Nothing
 * here tells an unknown login from a known one beyond what the screens need:
 * an unknown login gets a payload too, and no code.
 */

export const FORGOT_PASSWORD = 'forgot-password';

const defaultEntry = (rows: Account['email']) =>
  rows.find((r) => r.default && r.verified) ?? rows.find((r) => r.verified);

/**
 * Sends a reset code to the account of `login`: by the login's own channel, or
 * the one asked for (the sent screen's "resend by SMS / by e-mail", which goes
 * to the account's default entry of that kind). Earlier reset payloads of the
 * account stop working.
 */
export function forgotPassword(store: Store, input: ForgotPasswordRequest): ForgotPasswordAnswer {
  const loginIsEmail = input.login.includes('@');
  const channel = input.technology ?? (loginIsEmail ? 'email' : 'sms');
  const technology = channel === 'sms' ? 'SMS' : 'email';
  const sameChannel = loginIsEmail === (channel === 'email');
  const account = accountByLogin(store, input.login);

  if (account) {
    for (const c of store.challenges.values()) {
      if (c.purpose === FORGOT_PASSWORD && c.accountId === account.id) spendChallenge(c);
    }
  }
  // The payload dies with its code: 10 minutes (docs/product.md part 9).
  const challenge = createChallenge(store, {
    purpose: FORGOT_PASSWORD,
    accountId: account?.id ?? null,
    ttlMs: CODE_TTL_MS,
  });
  const typed = normalisedLogin(store, input.login);
  const rows = channel === 'email' ? account?.email : account?.phone;
  const to = rows
    ? (rows.find((r) => sameChannel && r.verified && r.value === typed) ?? defaultEntry(rows))
        ?.value
    : undefined;
  if (!to) {
    // No account, or none of this channel: the same answer a code would give,
    // for the same work (hashing a code), to a recipient made up from the login.
    hashSecret(randomOpaque());
    const shown = sameChannel ? typed : decoyRecipient(store, typed, channel);
    return { recipient: [maskContact(shown)], technology, payload: challenge.payload };
  }
  sendChallengeCode(store, challenge, channel, to, 'passwordReset');
  // Where the code went: a reset by one of the account's second-factor methods vouches for
  // this device's next sign-in (`resetPassword`).
  challenge.data = { channel, to };
  return { recipient: [maskContact(to)], technology, payload: challenge.payload };
}

const DECOY_DOMAINS = ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com', 'icloud.com'];

/**
 * A recipient of the other channel for a login that has none: stable for a
 * login (asking twice gives the same), made from a keyed hash so that it
 * cannot be told from a real one by its shape (docs/security.md).
 */
function decoyRecipient(store: Store, login: string, channel: 'email' | 'sms'): string {
  const digest = createHmac('sha256', store.decoyKey).update(login).digest();
  if (channel === 'sms') {
    const prefix = store.region === 'lu' ? '+3526' : '+324';
    const digits = [...digest.subarray(0, 8)].map((b) => String(b % 10)).join('');
    return `${prefix}${digits}`;
  }
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const name = [...digest.subarray(0, 7)].map((b) => letters[b % 26]).join('');
  return `${name}@${DECOY_DOMAINS[(digest[8] ?? 0) % DECOY_DOMAINS.length]}`;
}

/** A login as the store keeps it: e-mail lower-cased, phone in E.164. */
function normalisedLogin(store: Store, login: string): string {
  if (login.includes('@')) return login.trim().toLowerCase();
  const plain = normaliseLogin(login);
  if (plain.startsWith('+')) return plain;
  return toE164(login, store.region === 'lu' ? 'LU' : 'BE') ?? plain;
}

export type ResetResult = { status: 204 } | { status: 422; message: string };

const EXPIRED_CODE = 'The code has expired. Ask for a new one.';
const SPENT_CODE = 'Too many wrong codes. Ask for a new one.';

/**
 * "Check your messages": whether the reset code is right, without using it
 * (the reset itself checks it again). A wrong code counts toward the tries.
 */
export function checkResetCode(store: Store, input: ResetCodeCheck): ResetResult {
  const invalid = { status: 422, message: 'The code is invalid.' } as const;
  const found = findChallenge(store, input.payload, [FORGOT_PASSWORD]);
  if (!found.ok) {
    return found.reason === 'expired' ? { status: 422, message: EXPIRED_CODE } : invalid;
  }
  if (found.challenge.accountId === null) {
    // No account behind this login: every code is wrong (the answer reveals nothing more).
    countWrongTry(found.challenge);
    return invalid;
  }
  const check = verifyChallengeCode(store, found.challenge, input.code, false);
  if (check === 'expired') return { status: 422, message: EXPIRED_CODE };
  if (check === 'spent') return { status: 422, message: SPENT_CODE };
  if (check !== 'ok') return invalid;
  return { status: 204 };
}

/** How long after a reset its device may sign in without a second code. */
export const RESET_VOUCH_MS = 15 * 60_000;

/**
 * Sets the new password when the code is right: password status back to good,
 * every session of the account signed out, a lockout lifted; history
 * `password_reset`. The payload is single use.
 */
export function resetPassword(
  store: Store,
  input: ResetPasswordRequest,
  session: Partial<SessionInfo>,
): ResetResult {
  const invalid = { status: 422, message: 'The code is invalid.' } as const;
  const found = findChallenge(store, input.payload, [FORGOT_PASSWORD]);
  if (!found.ok) {
    return found.reason === 'expired'
      ? { status: 422, message: 'The code has expired. Ask for a new one.' }
      : invalid;
  }
  const { challenge } = found;
  const check = verifyChallengeCode(store, challenge, input.code);
  if (check === 'expired')
    return { status: 422, message: 'The code has expired. Ask for a new one.' };
  if (check !== 'ok') return invalid;
  const account =
    challenge.accountId === null ? undefined : store.accounts.get(challenge.accountId);
  if (!account) return invalid;

  spendChallenge(challenge);
  account.passwordHash = hashSecret(input.password);
  account.password_status = 0;
  account.last_password_change = new Date(store.clock.now()).toISOString();
  const now = store.clock.now();
  const ended = [...store.tokens.values()].filter(
    (row) => row.accountId === account.id && row.revokedAt === null && row.expiresAt > now,
  );
  for (const row of ended) revokeToken(store, row.token);
  // The owner is told, as after a change, naming the devices signed out
  // (docs/threat-model.md, "A session's life").
  sendPasswordChangedNotice(
    store,
    account,
    ended.map((row) => toSession(store, row, '')),
  );
  clearSignInLocks(store, account.id);
  // A locked account signs in again with its new password (docs/flows.md, "Lock my account").
  passwordReplaced(store, account.id);
  // The reset's code proved the e-mail or phone just now: when that address or number is one
  // of the account's second-factor methods, the sign-in that follows on this device asks for
  // no second code (it would be the same proof again). A code to anything else (a number that
  // is no method, an account whose factor is the authenticator app) proves nothing of the
  // second factor: the sign-in asks for it (docs/journeys-signin.md).
  if (session.deviceId && resetByMethod(store, account.id, challenge.data)) {
    store.resetVouched.set(`${account.id}|${session.deviceId}`, store.clock.now() + RESET_VOUCH_MS);
  }
  recordEvent(store, account.id, 'password_reset', deviceOf(session));
  return { status: 204 };
}

/** Whether a reset's code went to an address or number that is one of the account's methods. */
function resetByMethod(store: Store, accountId: number, sent: Record<string, unknown>): boolean {
  return activeMethods(store, accountId).some(
    (m) => m.method === sent.channel && m.target !== null && m.target === sent.to,
  );
}

/** The usernames of an account as forgot-username lists them: e-mails, then phones, masked. */
export function maskedUsernames(account: Account): string[] {
  const sorted = (rows: Account['email']) =>
    [...rows]
      .sort((a, b) => Number(b.default) - Number(a.default))
      .map((r) => maskContact(r.value));
  return [...sorted(account.email), ...sorted(account.phone)];
}

/** Forgot username by card number (LU: activation code) or national register number. */
export function forgotUsername(store: Store, input: ForgotUsernameRequest): ForgotUsernameAnswer {
  let account: Account | undefined;
  const cardKey = input.card_number ?? input.activation_code;
  if (cardKey) {
    const card = store.cards.get(cardKey);
    account = card?.accountId == null ? undefined : store.accounts.get(card.accountId);
  } else if (input.national_register_number) {
    account = [...store.accounts.values()].find(
      (a) => a.national_register_number === input.national_register_number,
    );
  }
  return { usernames: account ? maskedUsernames(account) : [] };
}
