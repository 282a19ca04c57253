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

type Lang = Account['language'];

const LOCKED_NOTICE: Record<
  Lang,
  { subject: string; body: (name: string) => string; sms: string }
> = {
  en: {
    subject: 'Your account was locked',
    body: (name) =>
      `Hello ${name},\n\nYour account was just locked: every device and app was signed out, app access and trusted devices were removed.\n\nTo sign in again, you will choose a new password with a code sent to you, then check your passkeys and two-step verification methods.\n\nIf you did not lock it, someone who knows your password may have: choose a new password now.`,
    sms: 'Your account was locked: every session ended. To sign in again, choose a new password.',
  },
  fr: {
    subject: 'Votre compte a été verrouillé',
    body: (name) =>
      `Bonjour ${name},\n\nVotre compte vient d’être verrouillé : tous les appareils et applications ont été déconnectés, les accès des applications et les appareils de confiance ont été retirés.\n\nPour vous reconnecter, vous choisirez un nouveau mot de passe avec un code qui vous sera envoyé, puis vous vérifierez vos clés d’accès et vos méthodes de validation en deux étapes.\n\nSi vous ne l’avez pas verrouillé vous-même, quelqu’un qui connaît votre mot de passe l’a peut-être fait : choisissez dès maintenant un nouveau mot de passe.`,
    sms: 'Votre compte a été verrouillé : toutes les sessions sont fermées. Pour vous reconnecter, choisissez un nouveau mot de passe.',
  },
  nl: {
    subject: 'Je account is vergrendeld',
    body: (name) =>
      `Hallo ${name},\n\nJe account is zojuist vergrendeld: alle apparaten en apps zijn afgemeld, de toegang van apps en de vertrouwde apparaten zijn verwijderd.\n\nOm weer aan te melden kies je een nieuw wachtwoord met een code die je ontvangt, daarna controleer je je passkeys en je methoden voor verificatie in twee stappen.\n\nHeb je hem niet zelf vergrendeld? Dan heeft iemand die je wachtwoord kent dat misschien gedaan: kies nu een nieuw wachtwoord.`,
    sms: 'Je account is vergrendeld: alle sessies zijn beëindigd. Kies een nieuw wachtwoord om weer aan te melden.',
  },
  de: {
    subject: 'Ihr Konto wurde gesperrt',
    body: (name) =>
      `Hallo ${name},\n\nIhr Konto wurde soeben gesperrt: Alle Geräte und Apps wurden abgemeldet, der Zugriff von Apps und die vertrauenswürdigen Geräte wurden entfernt.\n\nUm sich wieder anzumelden, wählen Sie mit einem Code, den Sie erhalten, ein neues Passwort und prüfen danach Ihre Passkeys und Methoden der Bestätigung in zwei Schritten.\n\nWenn Sie es nicht selbst gesperrt haben, hat das vielleicht jemand getan, der Ihr Passwort kennt: Wählen Sie jetzt ein neues Passwort.`,
    sms: 'Ihr Konto wurde gesperrt: Alle Sitzungen wurden beendet. Wählen Sie ein neues Passwort, um sich wieder anzumelden.',
  },
};

/** Every verified e-mail address and phone number of the account is told; answers how many. */
function notifyContacts(store: Store, account: Account): number {
  const text = LOCKED_NOTICE[account.language];
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
