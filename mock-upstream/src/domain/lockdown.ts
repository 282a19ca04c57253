import { createHash } from 'node:crypto';
import type { ErrorBody, LockdownDone, LockdownLinkOwner } from '@portal/contract';
import { maskContact } from '@portal/contract/mask';
import {
  type Account,
  deviceOf,
  randomOpaque,
  recordEvent,
  revokeToken,
  type SessionInfo,
  type Store,
  type TokenRow,
} from '../store';
import { ACCOUNT_LOCKED } from './messages';

/*
 * "Lock my account" (docs/flows.md, "Lock my account"; docs/threat-model.md,
 * "Lockdown"). One action: every session of the account ends (the asking one
 * too, partner apps' tokens included), every app grant and pending
 * authorization code and every trusted device goes, every challenge under way
 * (a sign-in waiting for its code, a hand-over link, a step-up) is spent, the
 * password must be replaced before any sign-in (`password_reset_required`),
 * the passkeys and second factors wait for review at the next sign-in, every
 * verified contact is told, and the history records `account_locked`.
 *
 * The "this wasn't me" link of a new-device e-mail is a door of its own: a
 * 256-bit random secret, kept here only as its SHA-256, single use (any
 * lockdown spends every link of the account) and valid for 7 days.
 */

export const LOCK_LINK_TTL_MS = 7 * 24 * 3600 * 1000;

export interface LockState {
  /** The password must be replaced (through the reset) before a sign-in. */
  mustReset: boolean;
  /** The passkeys and second factors wait for the user's review. */
  review: boolean;
  at: number;
}

export interface LockLinkRow {
  accountId: number;
  expiresAt: number;
  usedAt: number | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A new lock link's secret for the account (the e-mail carries it; only its hash is kept). */
export function issueLockLink(store: Store, accountId: number): string {
  const token = randomOpaque();
  store.lockLinks.set(hashOf(token), {
    accountId,
    expiresAt: store.clock.now() + LOCK_LINK_TTL_MS,
    usedAt: null,
  });
  return token;
}

/** The portal's page a lock link opens (signed out or in). */
export const lockLinkUrl = (store: Store, token: string) =>
  `${store.portalUrl}/lock-account/link?token=${token}`;

export const mustResetPassword = (store: Store, accountId: number) =>
  store.lockStates.get(accountId)?.mustReset === true;

export const reviewPending = (store: Store, accountId: number) =>
  store.lockStates.get(accountId)?.review === true;

/** The 403 every sign-in door answers a locked account after a correct password or passkey. */
export const RESET_REQUIRED = {
  status: 403,
  body: {
    code: 'password_reset_required',
    message: 'This account was locked. Choose a new password to sign in again.',
  },
} as const;

/** The reset replaced the password: sign-ins work again; the review stays until done. */
export function passwordReplaced(store: Store, accountId: number): void {
  const state = store.lockStates.get(accountId);
  if (state) state.mustReset = false;
}

/** "Looks right": the review is over. */
export function confirmReview(store: Store, accountId: number, from: TokenRow): void {
  const state = store.lockStates.get(accountId);
  if (!state?.review) return;
  state.review = false;
  recordEvent(store, accountId, 'security_reviewed', from);
}

type LinkCheck =
  | { ok: true; row: LockLinkRow; account: Account }
  | { ok: false; status: 400 | 410; body: ErrorBody };

const LINK_REFUSALS = {
  invalid: {
    status: 400,
    body: { code: 'invalid_link', message: 'This link is not a valid lock link.' },
  },
  used: {
    status: 410,
    body: {
      code: 'link_used',
      message: 'This link was already used: the account is locked.',
    },
  },
  expired: {
    status: 410,
    body: {
      code: 'link_expired',
      message: 'This link has expired. Sign in and lock the account from Security.',
    },
  },
} as const;

function checkLink(store: Store, token: string): LinkCheck {
  const row = store.lockLinks.get(hashOf(token));
  const account = row && store.accounts.get(row.accountId);
  if (!row || !account) return { ok: false, ...LINK_REFUSALS.invalid };
  if (row.usedAt !== null) return { ok: false, ...LINK_REFUSALS.used };
  if (row.expiresAt <= store.clock.now()) return { ok: false, ...LINK_REFUSALS.expired };
  return { ok: true, row, account };
}

/** Whose account a link locks (first name, masked primary e-mail); the link stays usable. */
export function peekLockLink(
  store: Store,
  token: string,
): { status: 200; body: LockdownLinkOwner } | { status: 400 | 410; body: ErrorBody } {
  const found = checkLink(store, token);
  if (!found.ok) return found;
  const email = found.account.email.find((e) => e.default) ?? found.account.email[0];
  return {
    status: 200,
    body: { firstname: found.account.firstname, login: email ? maskContact(email.value) : '' },
  };
}

/** Locks the account a link names; the link (and every other of the account) is spent. */
export function lockByLink(
  store: Store,
  token: string,
  session: Partial<SessionInfo>,
): { status: 200; body: LockdownDone } | { status: 400 | 410; body: ErrorBody } {
  const found = checkLink(store, token);
  if (!found.ok) return found;
  return { status: 200, body: lockAccount(store, found.account, deviceOf(session), 'link') };
}

/** Every verified e-mail address and phone number of the account is told; answers how many. */
function notifyContacts(store: Store, account: Account): number {
  const text = ACCOUNT_LOCKED[account.language];
  const link = `${store.portalUrl}/forgot-password/email`;
  const now = store.clock.now();
  let told = 0;
  for (const email of account.email.filter((e) => e.verified)) {
    store.outbox.push({
      to: email.value,
      channel: 'email',
      code: '',
      subject: text.subject,
      link,
      text: `${text.body(account.firstname)}\n${link}`,
      at: now,
    });
    told += 1;
  }
  for (const phone of account.phone.filter((p) => p.verified)) {
    store.outbox.push({ to: phone.value, channel: 'sms', code: '', text: text.sms, at: now });
    told += 1;
  }
  return told;
}

/**
 * The lockdown itself, whichever door asked (`how`: `session` or `link`, for
 * the history's detail). Idempotent in effect: a second one finds nothing
 * left to end but tells the contacts again.
 */
export function lockAccount(
  store: Store,
  account: Account,
  from: Parameters<typeof recordEvent>[3],
  how: 'session' | 'link',
): LockdownDone {
  const now = store.clock.now();
  let sessionsEnded = 0;
  for (const row of store.tokens.values()) {
    if (row.accountId !== account.id || row.revokedAt !== null || row.expiresAt <= now) continue;
    revokeToken(store, row.token);
    sessionsEnded += 1;
  }
  const grants = store.grants.filter((g) => g.accountId === account.id);
  store.grants = store.grants.filter((g) => g.accountId !== account.id);
  for (const code of store.authCodes.values()) {
    if (code.accountId === account.id) code.used = true;
  }
  const devices = store.trustedDevices.filter((d) => d.accountId === account.id && d.until > now);
  store.trustedDevices = store.trustedDevices.filter((d) => d.accountId !== account.id);
  for (const key of store.resetVouched.keys()) {
    if (key.startsWith(`${account.id}|`)) store.resetVouched.delete(key);
  }
  for (const challenge of store.challenges.values()) {
    if (challenge.accountId === account.id) challenge.spent = true;
  }
  for (const link of store.lockLinks.values()) {
    if (link.accountId === account.id && link.usedAt === null) link.usedAt = now;
  }
  store.lockStates.set(account.id, { mustReset: true, review: true, at: now });
  const notified = notifyContacts(store, account);
  recordEvent(
    store,
    account.id,
    'account_locked',
    from,
    `by ${how}; ${sessionsEnded} sessions, ${grants.length} apps, ${devices.length} devices`,
  );
  return {
    sessions_ended: sessionsEnded,
    grants_revoked: grants.length,
    devices_untrusted: devices.length,
    notified,
  };
}
