import {
  type ForgotPasswordAnswer,
  type ForgotPasswordRequest,
  type ForgotUsernameAnswer,
  type ForgotUsernameRequest,
  type ResetCodeCheck,
  type ResetPasswordRequest,
  toE164,
} from '@portal/contract';
import {
  type Account,
  describeDevice,
  hashSecret,
  normaliseLogin,
  placeOf,
  recordEvent,
  revokeToken,
  type SessionInfo,
  type Store,
} from '../store';
import { accountByLogin } from './auth';
import {
  CODE_TTL_MS,
  countWrongTry,
  createChallenge,
  findChallenge,
  maskTarget,
  sendChallengeCode,
  spendChallenge,
  verifyChallengeCode,
} from './mfa-codes';

/**
 * Forgot password, reset password and forgot username (spec part 2). Nothing
 * here tells an unknown login from a known one beyond what the screens need:
 * an unknown login gets a payload too, and no code.
 */

export const FORGOT_PASSWORD = 'forgot-password';

/**
 * A username as the recovery screens show it: `employee@example.be` →
 * `e*****e@example.be` (always five stars, so the length stays hidden);
 * phones as the MFA screens mask them.
 */
export function maskLogin(login: string): string {
  const at = login.indexOf('@');
  if (at < 0) return maskTarget(login) ?? '';
  const name = login.slice(0, at);
  return `${name[0]}*****${name.length > 1 ? name.at(-1) : ''}${login.slice(at)}`;
}

/** Device and place of a request, as a history event records them. */
export function deviceOf(session: Partial<SessionInfo>) {
  return { ...describeDevice(session.userAgent ?? null), ...placeOf(session.ip ?? null) };
}

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
  // The payload dies with its code: 10 minutes (spec part 9).
  const challenge = createChallenge(store, {
    purpose: FORGOT_PASSWORD,
    accountId: account?.id ?? null,
    ttlMs: CODE_TTL_MS,
  });
  if (!account) {
    const typed = normalisedLogin(store, input.login);
    return {
      recipient: sameChannel ? [maskLogin(typed)] : [],
      technology,
      payload: challenge.payload,
    };
  }

  const rows = channel === 'email' ? account.email : account.phone;
  const typed = sameChannel ? normalisedLogin(store, input.login) : null;
  const to = (rows.find((r) => r.verified && r.value === typed) ?? defaultEntry(rows))?.value;
  if (!to) return { recipient: [], technology, payload: challenge.payload };
  sendChallengeCode(store, challenge, channel, to, 'Your password reset code is');
  return { recipient: [maskLogin(to)], technology, payload: challenge.payload };
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
  for (const row of store.tokens.values()) {
    if (row.accountId === account.id) revokeToken(store, row.token);
  }
  store.failedLogins.delete(account.id);
  store.lockedUntil.delete(account.id);
  recordEvent(store, account.id, 'password_reset', deviceOf(session));
  return { status: 204 };
}

/** The usernames of an account as forgot-username lists them: e-mails, then phones, masked. */
export function maskedUsernames(account: Account): string[] {
  const sorted = (rows: Account['email']) =>
    [...rows].sort((a, b) => Number(b.default) - Number(a.default)).map((r) => maskLogin(r.value));
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
