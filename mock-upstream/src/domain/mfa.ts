import {
  Email,
  type MfaMethod,
  Phone,
  type SetupRequest,
  type SetupStarted,
} from '@portal/contract';
import {
  type Account,
  type ChallengeRow,
  type MfaMethodRow,
  nextId,
  recordEvent,
  type Store,
  type TokenRow,
} from '../store';
import type { CodePurpose } from './messages';
import {
  acceptTotp,
  activeMethods,
  countWrongTry,
  createChallenge,
  findChallenge,
  generateRecoveryKeys,
  grantSudo,
  hasSudo,
  newTotpSecret,
  removeRecoveryKeys,
  sendChallengeCode,
  spendChallenge,
  tellAddressOwner,
  toMfaMethod,
  totpUri,
  verifyChallengeCode,
} from './mfa-codes';

/**
 * MFA management of the signed-in user (docs/product.md parts 2 and 4, MFA setup and
 * security): list, set up and confirm, switch primary, delete, recovery keys.
 * Sign-in and step-up live in `domain/auth.ts`; the code mechanics they share
 * in `mfa-codes.ts`.
 */

const SETUP = 'mfa_setup';

/** Who is asking: the account and the session (token row) the change is made from. */
export interface Actor {
  account: Account;
  session: TokenRow;
}

type FailStatus = 403 | 404 | 409 | 422;
/** A refusal with the status it answers; one member per status so that callers can narrow. */
export type Failure<S extends FailStatus = FailStatus> = S extends FailStatus
  ? { ok: false; status: S; code: string; message: string }
  : never;
export type Outcome<T, S extends FailStatus = FailStatus> = { ok: true; value: T } | Failure<S>;

function fail<S extends FailStatus>(status: S, code: string, message: string): Failure<S> {
  return { ok: false, status, code, message } as Failure<S>;
}

const SUDO_REQUIRED = fail(
  403,
  'sudo_required',
  'Confirm it is you with a verification code before changing your security settings.',
);
const CODE_INVALID = fail(422, 'code_invalid', 'The code is invalid.');
const CODE_EXPIRED = fail(422, 'code_expired', 'This code has expired. Please ask for a new one.');
const TOO_MANY_TRIES = fail(
  422,
  'code_spent',
  'Too many wrong codes. Please start again and ask for a new code.',
);

type ContactKind = 'email' | 'sms';

/** Methods the user can act on: everything confirmed except the recovery keys' entry. */
function confirmedFactors(store: Store, accountId: number): MfaMethodRow[] {
  return activeMethods(store, accountId).filter((m) => m.method !== 'totpRecovery');
}

/**
 * Sensitive changes need a recent MFA check, except while the user has no
 * method at all: forced MFA setup right after sign-in (docs/product.md part 4).
 */
export function mayChangeMfa(store: Store, actor: Actor): boolean {
  return (
    hasSudo(store, actor.session.token) || confirmedFactors(store, actor.account.id).length === 0
  );
}

// ----------------------------------------------------------------------- list

/**
 * The user's methods, primary first, targets in full (it is their own data).
 * `includeAll` adds the verified e-mails and phones that are not a method yet,
 * with the contact's id negated: the setup screens offer them (docs/product.md part 3).
 */
export function listMethods(store: Store, account: Account, includeAll: boolean): MfaMethod[] {
  const methods = activeMethods(store, account.id);
  const list = methods.map((m) => toMfaMethod(m, false));
  if (!includeAll) return list;
  const taken = (kind: ContactKind, value: string) =>
    methods.some((m) => m.method === kind && m.target === value);
  for (const [kind, contacts] of [
    ['email', account.email],
    ['sms', account.phone],
  ] as const) {
    for (const contact of contacts) {
      if (!contact.verified || taken(kind, contact.value)) continue;
      list.push({ id: -contact.id, method: kind, target: contact.value, primary: false });
    }
  }
  return list;
}

// ---------------------------------------------------------------------- setup

function defaultContact(account: Account, kind: ContactKind): string | undefined {
  const rows = kind === 'email' ? account.email : account.phone;
  return (rows.find((r) => r.default) ?? rows[0])?.value;
}

function duplicated(kind: ContactKind): Failure<409> {
  return kind === 'email'
    ? fail(409, 'email-duplicated', 'This email is already in use. Please use another one.')
    : fail(409, 'sms-duplicated', 'This phone number is already in use. Please use another one.');
}

/** A target that already is a method of this user: the spec's duplicate (409). */
const isOwnMethod = (store: Store, account: Account, kind: ContactKind, target: string) =>
  activeMethods(store, account.id).some((m) => m.method === kind && m.target === target);

/**
 * A target another account holds (a contact or a method). The caller is
 * never told: the setup answers as for a free target and the owner gets a
 * notice instead of the code (`tellAddressOwner`, docs/security.md V6.3).
 */
function heldElsewhere(store: Store, account: Account, kind: ContactKind, target: string) {
  for (const other of store.accounts.values()) {
    if (other.id === account.id) continue;
    const contacts = kind === 'email' ? other.email : other.phone;
    if (contacts.some((c) => c.value === target)) return true;
  }
  return [...store.mfaMethods.values()].some(
    (m) => m.accountId !== account.id && m.active && m.method === kind && m.target === target,
  );
}

/** Drops this account's unconfirmed methods of `kind` and their pending codes. */
function dropPending(store: Store, accountId: number, kind: MfaMethodRow['method']): void {
  for (const m of [...store.mfaMethods.values()]) {
    if (m.accountId !== accountId || m.active || m.method !== kind) continue;
    store.mfaMethods.delete(m.id);
    for (const ch of store.challenges.values()) {
      if (ch.purpose === SETUP && ch.mfaId === m.id) spendChallenge(ch);
    }
  }
}

function pendingRow(
  store: Store,
  accountId: number,
  method: MfaMethodRow['method'],
  target: string | null,
  secret: string | null,
): MfaMethodRow {
  const row: MfaMethodRow = {
    id: nextId(store),
    accountId,
    method,
    target,
    secret,
    primary: false,
    active: false,
    createdAt: store.clock.now(),
  };
  store.mfaMethods.set(row.id, row);
  return row;
}

interface CodeSetup {
  row: MfaMethodRow;
  challenge: ChallengeRow;
}

/** The setup's code to `target`, or to nobody and a notice to its owner when another account holds it. */
function sendSetupCode(
  store: Store,
  account: Account,
  challenge: ChallengeRow,
  kind: ContactKind,
  target: string,
  purpose: CodePurpose,
): void {
  if (heldElsewhere(store, account, kind, target)) tellAddressOwner(store, challenge, kind, target);
  else sendChallengeCode(store, challenge, kind, target, purpose);
}

/** A new unconfirmed e-mail/SMS method with an 8-digit code sent to `target`. */
function startContactSetup(
  store: Store,
  account: Account,
  kind: ContactKind,
  target: string,
): Outcome<CodeSetup, 409> {
  if (isOwnMethod(store, account, kind, target)) return duplicated(kind);
  dropPending(store, account.id, kind);
  const row = pendingRow(store, account.id, kind, target, null);
  const challenge = createChallenge(store, {
    purpose: SETUP,
    accountId: account.id,
    mfaId: row.id,
  });
  sendSetupCode(store, account, challenge, kind, target, 'mfaSetup');
  return { ok: true, value: { row, challenge } };
}

/** `POST /mfa`: starts setting up e-mail, SMS or an authenticator app. */
export function startSetup(
  store: Store,
  actor: Actor,
  request: SetupRequest,
): Outcome<SetupStarted, 403 | 409 | 422> {
  if (!mayChangeMfa(store, actor)) return SUDO_REQUIRED;
  const { account } = actor;
  if (request.method === 'totp') {
    const current = confirmedFactors(store, account.id).find((m) => m.method === 'totp');
    if (current && !request.reset) {
      return fail(
        409,
        'totp_exists',
        'An authenticator app is already set up. Reset it to use another one.',
      );
    }
    dropPending(store, account.id, 'totp');
    const secret = newTotpSecret();
    const row = pendingRow(store, account.id, 'totp', null, secret);
    const challenge = createChallenge(store, {
      purpose: SETUP,
      accountId: account.id,
      mfaId: row.id,
      data: current ? { replaces: current.id } : {},
    });
    const accountName = defaultContact(account, 'email') ?? `user-${account.id}`;
    return {
      ok: true,
      value: {
        id: row.id,
        payload: challenge.payload,
        method: 'totp',
        target: null,
        otpauth_uri: totpUri(secret, accountName),
        secret,
      },
    };
  }
  const target = request.target ?? defaultContact(account, request.method);
  if (!target) {
    return fail(
      422,
      'target_required',
      request.method === 'email'
        ? 'The email provided is invalid.'
        : 'The phone number provided is invalid.',
    );
  }
  const started = startContactSetup(store, account, request.method, target);
  if (!started.ok) return started;
  const { row, challenge } = started.value;
  return {
    ok: true,
    value: { id: row.id, payload: challenge.payload, method: request.method, target },
  };
}

// ----------------------------------------------------------------- activation

export interface ActivationStarted {
  payload: string;
  method: ContactKind;
  target: string;
}

/** E-mail or phone `target` of the kind its shape says (spec messages when neither fits). */
function parseTarget(
  raw: string | undefined,
  kind?: ContactKind,
): Outcome<{ kind: ContactKind; target: string }, 422> {
  const asKind: ContactKind = kind ?? (raw?.includes('@') ? 'email' : 'sms');
  const parsed = asKind === 'email' ? Email.safeParse(raw) : Phone.safeParse(raw);
  if (!parsed.success) {
    return fail(
      422,
      'target_invalid',
      asKind === 'email'
        ? 'The email provided is invalid.'
        : 'The phone number provided is invalid.',
    );
  }
  return { ok: true, value: { kind: asKind, target: parsed.data } };
}

/**
 * `GET /mfa/{id}/activate`: sends the code that confirms a method. A negative
 * id sets up the contact `target`; a pending method gets a fresh code; `edit`
 * moves an active e-mail/SMS method to a new `target`. `null` means there is
 * nothing to send (spec: 204 skip): the method is active, or it is an
 * authenticator app, confirmed with the code the app shows.
 */
export function startActivation(
  store: Store,
  actor: Actor,
  id: number,
  rawTarget: string | undefined,
  edit: boolean,
): Outcome<ActivationStarted | null, 403 | 404 | 409 | 422> {
  if (!mayChangeMfa(store, actor)) return SUDO_REQUIRED;
  const { account } = actor;
  if (id < 0) {
    const parsed = parseTarget(rawTarget);
    if (!parsed.ok) return parsed;
    const { kind, target } = parsed.value;
    const started = startContactSetup(store, account, kind, target);
    if (!started.ok) return started;
    return { ok: true, value: { payload: started.value.challenge.payload, method: kind, target } };
  }
  const row = store.mfaMethods.get(id);
  if (!row || row.accountId !== account.id) {
    return fail(404, 'mfa_not_found', 'This verification method does not exist.');
  }
  if (row.method !== 'email' && row.method !== 'sms') {
    if (edit) {
      return fail(
        422,
        'not_editable',
        'An authenticator app cannot be changed; reset it to use another one.',
      );
    }
    return { ok: true, value: null };
  }
  const kind = row.method;
  if (!row.active) {
    for (const ch of store.challenges.values()) {
      if (ch.purpose === SETUP && ch.mfaId === row.id) spendChallenge(ch);
    }
    const challenge = createChallenge(store, {
      purpose: SETUP,
      accountId: account.id,
      mfaId: row.id,
    });
    sendSetupCode(store, account, challenge, kind, row.target ?? '', 'mfaSetup');
    return {
      ok: true,
      value: { payload: challenge.payload, method: kind, target: row.target ?? '' },
    };
  }
  if (!edit) return { ok: true, value: null };
  const parsed = parseTarget(rawTarget, kind);
  if (!parsed.ok) return parsed;
  const { target } = parsed.value;
  if (target === row.target) return { ok: true, value: null };
  if (isOwnMethod(store, account, kind, target)) return duplicated(kind);
  const challenge = createChallenge(store, {
    purpose: SETUP,
    accountId: account.id,
    mfaId: row.id,
    data: { newTarget: target },
  });
  sendSetupCode(store, account, challenge, kind, target, 'mfaChange');
  return { ok: true, value: { payload: challenge.payload, method: kind, target } };
}

/** Marks the contact the method sends to as verified and enabled for 2FA: a code proved it. */
function markContact(account: Account, kind: ContactKind, target: string): void {
  const contacts = kind === 'email' ? account.email : account.phone;
  const contact = contacts.find((c) => c.value === target);
  if (contact) {
    contact.verified = true;
    contact.mfa = true;
  }
}

export interface ActivationDone {
  method: MfaMethod;
  recovery_keys?: string[];
}

/** `POST /mfa/activate`: confirms the method pending under `payload` with its code. */
export function activate(
  store: Store,
  actor: Actor,
  payload: string,
  code: string,
): Outcome<ActivationDone, 422> {
  const { account, session } = actor;
  const found = findChallenge(store, payload, [SETUP]);
  if (!found.ok || found.challenge.accountId !== account.id) {
    return found.ok || found.reason === 'unknown'
      ? CODE_INVALID
      : found.reason === 'spent'
        ? TOO_MANY_TRIES
        : CODE_EXPIRED;
  }
  const challenge = found.challenge;
  const row = challenge.mfaId === null ? undefined : store.mfaMethods.get(challenge.mfaId);
  if (!row) return CODE_EXPIRED;

  if (row.method === 'totp') {
    if (!acceptTotp(row, code, store.clock.now())) {
      return countWrongTry(challenge) === 'spent' ? TOO_MANY_TRIES : CODE_INVALID;
    }
  } else {
    const check = verifyChallengeCode(store, challenge, code);
    if (check === 'invalid') return CODE_INVALID;
    if (check === 'expired') return CODE_EXPIRED;
    if (check === 'spent') return TOO_MANY_TRIES;
  }
  spendChallenge(challenge);

  const kind = row.method;
  const newTarget = challenge.data.newTarget;
  if (typeof newTarget === 'string' && (kind === 'email' || kind === 'sms')) {
    row.target = newTarget;
    markContact(account, kind, newTarget);
    recordEvent(store, account.id, 'mfa_added', session, kind);
    return { ok: true, value: { method: toMfaMethod(row, false) } };
  }

  const before = confirmedFactors(store, account.id);
  if (before.some((m) => m.method === kind && m.target === row.target && kind !== 'totp')) {
    // Confirmed twice (two tabs): keep the method that is already there.
    store.mfaMethods.delete(row.id);
    return kind === 'email' || kind === 'sms'
      ? fail(422, 'duplicated', duplicated(kind).message)
      : CODE_INVALID;
  }
  const replaced =
    typeof challenge.data.replaces === 'number'
      ? store.mfaMethods.get(challenge.data.replaces)
      : undefined;
  row.active = true;
  row.primary = before.length === 0 || (replaced?.primary ?? false);
  if (replaced && replaced.accountId === account.id) {
    store.mfaMethods.delete(replaced.id);
    recordEvent(store, account.id, 'mfa_removed', session, replaced.method);
  }
  if (kind === 'email' || kind === 'sms') markContact(account, kind, row.target ?? '');
  recordEvent(store, account.id, 'mfa_added', session, kind);
  // The first method of a forced setup counts as the recent MFA check the next steps need.
  if (before.length === 0) grantSudo(store, session.token);
  // Forced MFA (docs/product.md part 4) is satisfied once the account has a method: the portal
  // stops sending the user to setup-mfa (else leaving it would sign them out).
  if (account.mfa_forced) account.mfa_forced = false;
  if (kind !== 'totp') return { ok: true, value: { method: toMfaMethod(row, false) } };
  const keys = generateRecoveryKeys(store, account.id);
  recordEvent(store, account.id, 'recovery_regenerated', session);
  return { ok: true, value: { method: toMfaMethod(row, false), recovery_keys: keys } };
}

// ------------------------------------------------------ primary, delete, keys

/** The active method of `id`, or for a negative id the one sending to `target`. */
function resolveMethod(
  store: Store,
  accountId: number,
  id: number,
  target: string | undefined,
): MfaMethodRow | undefined {
  const methods = activeMethods(store, accountId);
  if (id > 0) return methods.find((m) => m.id === id);
  if (!target) return undefined;
  const wanted = target.includes('@')
    ? target.trim().toLowerCase()
    : target.replace(/[\s.()-]/g, '');
  return methods.find((m) => m.target === wanted);
}

const NOT_FOUND = fail(404, 'mfa_not_found', 'This verification method does not exist.');

/** `POST /mfa/switch-primary/{id}`. */
export function switchPrimary(
  store: Store,
  actor: Actor,
  id: number,
): Outcome<MfaMethod[], 403 | 404> {
  if (!mayChangeMfa(store, actor)) return SUDO_REQUIRED;
  const { account, session } = actor;
  const row = resolveMethod(store, account.id, id, undefined);
  if (!row || row.method === 'totpRecovery') return NOT_FOUND;
  if (!row.primary) {
    for (const m of activeMethods(store, account.id)) m.primary = m.id === row.id;
    recordEvent(store, account.id, 'mfa_primary', session, row.method);
  }
  return { ok: true, value: listMethods(store, account, false) };
}

/**
 * `DELETE /mfa/{id}`. The last e-mail or SMS method stays (docs/product.md part 5), and so
 * does the last method of any kind. Removing the primary promotes the backup
 * (the next in the list); removing the authenticator app removes its keys.
 */
export function deleteMethod(
  store: Store,
  actor: Actor,
  id: number,
  target: string | undefined,
): Outcome<MfaMethod[], 403 | 404 | 409> {
  if (!mayChangeMfa(store, actor)) return SUDO_REQUIRED;
  const { account, session } = actor;
  const row = resolveMethod(store, account.id, id, target);
  if (!row) return NOT_FOUND;
  if (row.method === 'totpRecovery') {
    return fail(
      409,
      'recovery_keys_not_removable',
      'Recovery keys go with the authenticator app: remove the app instead.',
    );
  }
  const others = confirmedFactors(store, account.id).filter((m) => m.id !== row.id);
  const isContact = row.method === 'email' || row.method === 'sms';
  const contactsLeft = others.some((m) => m.method === 'email' || m.method === 'sms');
  if (others.length === 0 || (isContact && !contactsLeft)) {
    return fail(409, 'last_method', 'At least one e-mail or SMS verification method must remain.');
  }
  store.mfaMethods.delete(row.id);
  if (row.method === 'totp') removeRecoveryKeys(store, account.id);
  const backup = others[0];
  if (row.primary && backup) backup.primary = true;
  recordEvent(store, account.id, 'mfa_removed', session, row.method);
  return { ok: true, value: listMethods(store, account, false) };
}

/** `POST /mfa/regenerate-recovery`: 10 new keys, the old ones stop working. */
export function regenerateRecovery(store: Store, actor: Actor): Outcome<string[], 403 | 409> {
  if (!mayChangeMfa(store, actor)) return SUDO_REQUIRED;
  const { account, session } = actor;
  if (!confirmedFactors(store, account.id).some((m) => m.method === 'totp')) {
    return fail(
      409,
      'totp_required',
      'Recovery keys belong to an authenticator app: set one up first.',
    );
  }
  const keys = generateRecoveryKeys(store, account.id);
  recordEvent(store, account.id, 'recovery_regenerated', session);
  return { ok: true, value: keys };
}
