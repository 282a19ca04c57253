import {
  DUPLICATE_MESSAGES,
  Email,
  Iban,
  type IbanUpdate,
  type Language,
  type LoginChange,
  type LoginConfirm,
  type MessageBody,
  type PasswordChange,
  type ProfileUpdate,
  passwordFailures,
  SWITCH_FAILED,
  toE164,
  type WeakPasswordReplacement,
} from '@portal/contract';
import type { z } from 'zod';
import {
  type Account,
  type ContactRow,
  hashSecret,
  nextId,
  recordEvent,
  type SessionInfo,
  type Store,
  verifySecret,
} from '../store';
import { toUser } from '../views';
import { checkPassword } from './auth';
import {
  activeMethods,
  createChallenge,
  findChallenge,
  hasMfa,
  sendChallengeCode,
  spendChallenge,
  tellAddressOwner,
  verifyChallengeCode,
} from './mfa-codes';
import { sendPasswordChangedNotice } from './notices';
import { type Current, endOtherSessions, needsSudo, SUDO_REQUIRED } from './sessions';

/**
 * Profile, IBAN, password and contacts (e-mails and phones) of the signed-in
 * user. Each function answers what the route sends; every change lands in the
 * security history.
 */

/** The languages a profile may hold per region (docs/product.md part 1: BE en/fr/nl; LU fr/en, de texts). */
export const REGION_LANGUAGES = {
  be: ['en', 'fr', 'nl'],
  lu: ['fr', 'en', 'de'],
} as const satisfies Record<Store['region'], readonly Language[]>;

const CONTACT_VERIFY = 'contact-verify';
type ContactKind = 'email' | 'phone';

const userAnswer = (store: Store, account: Account) => ({
  status: 200 as const,
  body: { data: toUser(account, store) },
});
const message = <S extends number>(status: S, text: string) => ({
  status,
  body: { message: text },
});
const error = <S extends number>(status: S, code: string, text: string) => ({
  status,
  body: { code, message: text },
});
/** The 400 of a field the schema could not judge alone (region, the mock's clock). */
const validation = (path: string, text: string) => ({
  status: 400 as const,
  body: { code: 'validation', message: `${path}: ${text}`, issues: [{ path, message: text }] },
});

// ------------------------------------------------------------------ personal info

export function updateProfile(store: Store, current: Current, body: ProfileUpdate) {
  const { account } = current;
  const allowed: readonly Language[] = REGION_LANGUAGES[store.region];
  if (body.language !== undefined && !allowed.includes(body.language)) {
    return validation('body.language', `The language must be one of ${allowed.join(', ')}.`);
  }
  const today = new Date(store.clock.now()).toISOString().slice(0, 10);
  if (body.birthdate && body.birthdate > today) {
    return validation('body.birthdate', 'The date of birth cannot be in the future.');
  }
  const changed: string[] = [];
  for (const field of ['firstname', 'lastname', 'birthdate', 'gender', 'language'] as const) {
    const value = body[field];
    if (value === undefined || value === account[field]) continue;
    Object.assign(account, { [field]: value });
    changed.push(field);
  }
  // The language is a preference (the header's switcher saves it), not a security event.
  const personal = changed.filter((field) => field !== 'language');
  if (personal.length > 0) {
    recordEvent(store, account.id, 'profile_updated', current.row, personal.join(', '));
  }
  return userAnswer(store, account);
}

export function updateIban(store: Store, current: Current, body: z.infer<typeof IbanUpdate>) {
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  const parsed = Iban.safeParse(body.iban);
  if (!parsed.success) return message(422, 'The provided IBAN is invalid.');
  const { account } = current;
  account.iban = parsed.data;
  account.iban_country = body.country;
  recordEvent(
    store,
    account.id,
    'iban_changed',
    current.row,
    `${parsed.data.slice(0, 4)} **** ${parsed.data.slice(-4)}`,
  );
  return userAnswer(store, account);
}

// ----------------------------------------------------------------------- password

/**
 * The new password, and every other session of the account ended
 * (docs/threat-model.md, "A session's life"): the history's
 * `password_changed` says how many, the e-mailed notice names them.
 */
function setPassword(store: Store, current: Current, password: string) {
  const { account } = current;
  account.passwordHash = hashSecret(password);
  account.password_status = 0;
  account.last_password_change = new Date(store.clock.now()).toISOString();
  const signedOut = endOtherSessions(store, current);
  recordEvent(
    store,
    account.id,
    'password_changed',
    current.row,
    signedOut.length === 0
      ? null
      : `${signedOut.length} other session${signedOut.length === 1 ? '' : 's'} signed out`,
  );
  sendPasswordChangedNotice(store, account, signedOut);
  return signedOut;
}

const CURRENT_WRONG = {
  status: 422,
  body: { code: 'password_incorrect', message: 'Your current password is incorrect.' },
} as const satisfies { status: 422; body: MessageBody };
/** A new password equal to the current one: its own code, never mistaken for a wrong current one. */
const SAME_PASSWORD = {
  status: 422,
  body: {
    code: 'password_unchanged',
    message: 'Your new password must be different from the current one.',
  },
} as const satisfies { status: 422; body: MessageBody };

/**
 * What both password changes end with, once they have let the user through:
 * the password rules, a password other than the current one, the change.
 */
function replacePassword(store: Store, current: Current, password: string) {
  const failures = passwordFailures(password);
  if (failures.length > 0) return validation('body.password', failures.join(' '));
  if (verifySecret(password, current.account.passwordHash)) return SAME_PASSWORD;
  const signedOut = setPassword(store, current, password);
  return {
    status: 200 as const,
    body: { data: toUser(current.account, store), signed_out: signedOut },
  };
}

/**
 * The current password is a password check like the sign-in's: wrong ones
 * count toward the account's sign-in lock, and while it holds the change is
 * refused with the sign-in's 429 (`checkPassword`).
 */
export function changePassword(
  store: Store,
  current: Current,
  body: z.infer<typeof PasswordChange>,
  session: Partial<SessionInfo>,
) {
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  const check = checkPassword(
    store,
    current.account,
    body.current_password,
    session,
    'password-change',
  );
  if (check === 'wrong') return CURRENT_WRONG;
  if (check !== 'ok') return check;
  return replacePassword(store, current, body.password);
}

/**
 * The weak-password screen's forced change: the user signed in (with MFA when
 * they have it) but their password is flagged weak, so the current one is not
 * asked again; the new one must differ from it.
 */
export function replaceWeakPassword(
  store: Store,
  current: Current,
  body: z.infer<typeof WeakPasswordReplacement>,
) {
  const status = current.account.password_status;
  if (status !== 1 && status !== 2) {
    return error(
      409,
      'password_not_weak',
      'Your password does not need replacing; change it from the security page.',
    );
  }
  return replacePassword(store, current, body.password);
}

// ----------------------------------------------------------------------- contacts

function findContact(account: Account, id: number): { kind: ContactKind; row: ContactRow } | null {
  const email = account.email.find((e) => e.id === id);
  if (email) return { kind: 'email', row: email };
  const phone = account.phone.find((p) => p.id === id);
  return phone ? { kind: 'phone', row: phone } : null;
}

/**
 * What every call on one e-mail or phone checks first: a recent step-up, then
 * that the entry is the user's. Answers the entry, or the refusal to send.
 */
function sudoContact(store: Store, current: Current, id: number) {
  if (needsSudo(store, current)) return { refusal: SUDO_REQUIRED };
  const contact = findContact(current.account, id);
  if (!contact) {
    return { refusal: error(404, 'not_found', 'No such e-mail or phone on your account.') };
  }
  return { contact };
}

const entriesOf = (account: Account, kind: ContactKind) =>
  kind === 'email' ? account.email : account.phone;

/** Already on this account, verified or not: the user's own address (409, the spec's message). */
const isOwn = (account: Account, kind: ContactKind, value: string) =>
  entriesOf(account, kind).some((r) => r.value === value);

/**
 * A verified entry of another account. An unverified entry elsewhere does not
 * block the address's owner. The caller is never told (`tellAddressOwner`).
 */
function isTakenElsewhere(store: Store, accountId: number, kind: ContactKind, value: string) {
  for (const other of store.accounts.values()) {
    if (other.id === accountId) continue;
    if (entriesOf(other, kind).some((r) => r.value === value && r.verified)) return true;
  }
  return false;
}

const duplicated = (kind: ContactKind) =>
  error(409, kind === 'email' ? 'email-duplicated' : 'phone-duplicated', DUPLICATE_MESSAGES[kind]);

/** Active e-mail and SMS methods (the ones docs/product.md part 5 says must not all go). */
const codeMethods = (store: Store, accountId: number) =>
  activeMethods(store, accountId).filter((m) => m.method === 'email' || m.method === 'sms');

const methodKind = (kind: ContactKind) => (kind === 'email' ? 'email' : 'sms');

/** Whether two-step codes go to this entry: its flag, or an active method aimed at it. */
function contactHasMfa(store: Store, account: Account, kind: ContactKind, row: ContactRow) {
  return (
    row.mfa ||
    codeMethods(store, account.id).some(
      (m) => m.method === methodKind(kind) && m.target === row.value,
    )
  );
}

/**
 * A code to prove `row`, or, when another account holds the address, the same
 * answer with no code and a notice to its owner (enumeration-safe).
 */
function sendVerification(
  store: Store,
  account: Account,
  kind: ContactKind,
  row: ContactRow,
  mfa: boolean,
) {
  const challenge = createChallenge(store, {
    purpose: CONTACT_VERIFY,
    accountId: account.id,
    data: { contactId: row.id, kind, mfa },
  });
  if (isTakenElsewhere(store, account.id, kind, row.value)) {
    tellAddressOwner(store, challenge, methodKind(kind), row.value);
  } else {
    sendChallengeCode(store, challenge, methodKind(kind), row.value, 'verification');
  }
  return { status: 200, body: { id: row.id, payload: challenge.payload } } as const;
}

/** Spec `POST /user/login`: a new unverified e-mail or phone, and a code sent to it. */
export function addLogin(store: Store, current: Current, body: LoginChange) {
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  const { account } = current;
  let kind: ContactKind;
  let value: string;
  if ('email' in body) {
    const parsed = Email.safeParse(body.email);
    if (!parsed.success) return message(422, 'The email provided is invalid.');
    kind = 'email';
    value = parsed.data;
  } else {
    const e164 = toE164(body.phone, store.region === 'lu' ? 'LU' : 'BE');
    if (!e164) return message(422, 'The phone number provided is invalid.');
    kind = 'phone';
    value = e164;
  }
  // Only the user's own address is named a duplicate; another account's is
  // answered as a free one (sendVerification), so no account learns whose it is.
  if (isOwn(account, kind, value)) return duplicated(kind);
  const row: ContactRow = { id: nextId(store), value, default: false, verified: false, mfa: false };
  entriesOf(account, kind).push(row);
  recordEvent(store, account.id, `${kind}_added`, current.row, value);
  return sendVerification(store, account, kind, row, body.mfa ?? true);
}

const CODE_MESSAGES = {
  unknown: 'The code is invalid.',
  invalid: 'Your code is invalid, try again.',
  expired: 'The code has expired. Please ask for a new one.',
  spent: 'Too many wrong codes. Please ask for a new one.',
} as const;

/** Spec `POST /user/login/confirm`: the code proves the address; it may then carry 2FA. */
export function confirmLogin(store: Store, current: Current, body: z.infer<typeof LoginConfirm>) {
  const { account } = current;
  const found = findChallenge(store, body.payload, [CONTACT_VERIFY]);
  if (!found.ok) return message(422, CODE_MESSAGES[found.reason]);
  const { challenge } = found;
  if (challenge.accountId !== account.id) return message(422, CODE_MESSAGES.unknown);
  const check = verifyChallengeCode(store, challenge, body.code);
  if (check !== 'ok') return message(422, CODE_MESSAGES[check]);
  spendChallenge(challenge);

  const contact = findContact(account, Number(challenge.data.contactId));
  if (!contact) return message(422, 'This address is no longer on your account.');
  const { kind, row } = contact;
  // Someone else may have verified the same address since the code was sent.
  const takenElsewhere = [...store.accounts.values()].some(
    (a) =>
      a.id !== account.id && entriesOf(a, kind).some((r) => r.verified && r.value === row.value),
  );
  if (takenElsewhere) return message(422, DUPLICATE_MESSAGES[kind]);
  row.verified = true;
  recordEvent(store, account.id, `${kind}_verified`, current.row, row.value);
  if (challenge.data.mfa === true && !row.mfa) {
    row.mfa = true;
    // An account that already asks for a second factor sends codes here too.
    const method = methodKind(kind);
    const exists = codeMethods(store, account.id).some(
      (m) => m.method === method && m.target === row.value,
    );
    if (hasMfa(store, account.id) && !exists) {
      const id = nextId(store);
      store.mfaMethods.set(id, {
        id,
        accountId: account.id,
        method,
        target: row.value,
        secret: null,
        primary: false,
        active: true,
        createdAt: store.clock.now(),
      });
      recordEvent(store, account.id, 'mfa_added', current.row, `${method} ${row.value}`);
    }
  }
  return userAnswer(store, account);
}

/** A new code for an entry still unverified (the previous payloads stop working). */
export function resendContactCode(store: Store, current: Current, id: number) {
  const found = sudoContact(store, current, id);
  if (found.refusal) return found.refusal;
  const { account } = current;
  const { contact } = found;
  if (contact.row.verified) {
    return error(409, 'already_verified', 'This address is already verified.');
  }
  let mfa = true;
  for (const challenge of store.challenges.values()) {
    if (challenge.purpose !== CONTACT_VERIFY || challenge.data.contactId !== id) continue;
    mfa = challenge.data.mfa === true;
    spendChallenge(challenge);
  }
  return sendVerification(store, account, contact.kind, contact.row, mfa);
}

export function deleteContact(store: Store, current: Current, id: number) {
  const found = sudoContact(store, current, id);
  if (found.refusal) return found.refusal;
  const { account } = current;
  const { kind, row } = found.contact;
  const entries = entriesOf(account, kind);
  if (row.verified && !entries.some((r) => r !== row && r.verified)) {
    return kind === 'email'
      ? error(409, 'last_email', 'At least one e-mail address must remain.')
      : error(409, 'last_phone', 'At least one phone number must remain.');
  }
  if (row.default) {
    return error(409, 'primary_contact', 'Make another entry primary before deleting this one.');
  }
  const method = methodKind(kind);
  const all = codeMethods(store, account.id);
  const aimed = all.filter((m) => m.method === method && m.target === row.value);
  if (aimed.length > 0 && aimed.length === all.length) {
    return error(
      409,
      'last_mfa_method',
      'At least one e-mail or SMS verification method must remain.',
    );
  }

  for (const m of [...store.mfaMethods.values()]) {
    if (m.accountId !== account.id || m.method !== method || m.target !== row.value) continue;
    store.mfaMethods.delete(m.id);
    if (m.active)
      recordEvent(store, account.id, 'mfa_removed', current.row, `${method} ${row.value}`);
    if (m.primary) {
      // docs/product.md part 4: the backup method becomes primary.
      const backup = activeMethods(store, account.id).find((x) => x.method !== 'totpRecovery');
      if (backup) backup.primary = true;
    }
  }
  for (const challenge of store.challenges.values()) {
    if (challenge.purpose === CONTACT_VERIFY && challenge.data.contactId === id) {
      spendChallenge(challenge);
    }
  }
  entries.splice(entries.indexOf(row), 1);
  recordEvent(store, account.id, `${kind}_removed`, current.row, row.value);
  return userAnswer(store, account);
}

/** docs/product.md part 4: primary only among verified entries that have 2FA enabled. */
export function makeContactPrimary(store: Store, current: Current, id: number) {
  const found = sudoContact(store, current, id);
  if (found.refusal) return found.refusal;
  const { account } = current;
  const { kind, row } = found.contact;
  if (!row.verified || !contactHasMfa(store, account, kind, row)) {
    return { status: 409, body: { ...SWITCH_FAILED } } as const;
  }
  if (!row.default) {
    for (const r of entriesOf(account, kind)) r.default = r === row;
    recordEvent(store, account.id, `${kind}_primary`, current.row, row.value);
  }
  return userAnswer(store, account);
}
