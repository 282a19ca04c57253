import type { ErrorBody, Fuzzion, FuzzionData, MfaMethod, TokenAnswer } from '@portal/contract';
import { maskContact } from '@portal/contract/mask';
import {
  type Account,
  type ChallengeRow,
  deviceOf,
  findAccountByLogin,
  issueToken,
  recordEvent,
  revokeToken,
  type SessionInfo,
  type Store,
} from '../store';
import { checkPassword, clearSignInLocks, type PasswordLocked } from './auth';
import {
  activeMethods,
  countWrongTry,
  createChallenge,
  findChallenge,
  sendChallengeCode,
  spendChallenge,
  toMfaMethod,
  verifyChallengeCode,
} from './mfa-codes';
import { sessionAnswer } from './onboarding';

/**
 * Duplicate-account merge (spec "fuzzion"). A `fuzzion` challenge belongs to
 * the signed-in account (`accountId`) and names the other account by its
 * username (`data.otherLogin`); `data.confirmed` turns true once the user
 * proved they own the other account (its card, its password, or a code sent
 * to its e-mail or phone). Wrong proofs count on the challenge: the fifth
 * spends it.
 */

export const FUZZION = 'fuzzion';

const TECHNICAL = 'A technical error occurred during the merging of the accounts. Try again later.';
const INVALID = 'The information you provided is invalid.';

type Fail<S extends number, B> = { status: S; body: B };
type Gone = Fail<404, ErrorBody>;
type Conflict = Fail<409, ErrorBody>;
type Invalid = Fail<422, { message: string }>;

const GONE: Gone = { status: 404, body: { code: 'fuzzion_expired', message: TECHNICAL } };
const MERGE_FAILED: Conflict = { status: 409, body: { code: 'merge_failed', message: TECHNICAL } };
const INVALID_INFO: Invalid = { status: 422, body: { message: INVALID } };
const wrongStep = (message: string): Conflict => ({
  status: 409,
  body: { code: 'wrong_step', message },
});

interface FuzzionState {
  otherLogin: string;
  confirmed?: boolean;
  /** Where the last code went (`POST /mfa/fuzzion`). */
  codeMethod?: MfaMethod;
}

/** Opens a merge for an account that has a seeded duplicate (null when it has none). */
export function openFuzzion(store: Store, accountId: number): ChallengeRow | null {
  const account = store.accounts.get(accountId);
  if (!account?.duplicateOf) return null;
  const other = findAccountByLogin(store, account.duplicateOf);
  if (!other || other.id === account.id) return null;
  return createChallenge(store, {
    purpose: FUZZION,
    accountId,
    data: { otherLogin: account.duplicateOf },
  });
}

interface Merge {
  challenge: ChallengeRow;
  state: FuzzionState;
  account: Account;
  other: Account;
}

/** The live merge of `payload` with both of its accounts, or why there is none. */
function mergeOf(store: Store, payload: string): Merge | Gone | Conflict {
  const found = findChallenge(store, payload, [FUZZION]);
  if (!found.ok) return GONE;
  const { challenge } = found;
  const state = challenge.data as unknown as FuzzionState;
  const account =
    challenge.accountId === null ? undefined : store.accounts.get(challenge.accountId);
  const other =
    typeof state.otherLogin === 'string' ? findAccountByLogin(store, state.otherLogin) : undefined;
  if (!account || !other || other.id === account.id) return MERGE_FAILED;
  return { challenge, state, account, other };
}

const isFailure = (m: Merge | Fail<number, unknown>): m is Fail<404 | 409, ErrorBody> =>
  'status' in m;

function platformOf(account: Account): FuzzionData['platform'] {
  if (account.customer_user_id !== null) return 'client_area';
  if (account.fridom_user_id !== null) return 'partner_area';
  return 'employee_area';
}

/**
 * The other account's e-mail and SMS methods, masked; for an account without
 * such methods, its verified e-mails and phones under negative ids.
 */
function codeMethods(store: Store, other: Account): MfaMethod[] {
  const methods = activeMethods(store, other.id)
    .filter((m) => m.method === 'email' || m.method === 'sms')
    .map((m) => toMfaMethod(m, true));
  if (methods.length > 0) return methods;
  return [
    ...other.email.filter((e) => e.verified).map((e) => ({ row: e, method: 'email' as const })),
    ...other.phone.filter((p) => p.verified).map((p) => ({ row: p, method: 'sms' as const })),
  ].map(({ row, method }) => ({
    id: -row.id,
    method,
    target: maskContact(row.value),
    primary: false,
  }));
}

function describe(store: Store, merge: Merge): Fuzzion {
  const { other, state, challenge } = merge;
  const hasCard = [...store.cards.values()].some((c) => c.accountId === other.id);
  return {
    mfa: state.confirmed ? [] : codeMethods(store, other),
    data: {
      username: maskContact(state.otherLogin),
      platform: platformOf(other),
      claims: hasCard ? ['card', 'password', 'code'] : ['password', 'code'],
      stage: state.confirmed ? 'confirmed' : 'found',
    },
    payload: challenge.payload,
  };
}

export type Described = { status: 200; body: Fuzzion } | Gone | Conflict;

export function fuzzionDetails(store: Store, payload: string): Described {
  const merge = mergeOf(store, payload);
  if (isFailure(merge)) return merge;
  return { status: 200, body: describe(store, merge) };
}

/** Sends a code to one of the other account's methods (`POST /mfa/fuzzion`). */
export function sendFuzzionCode(
  store: Store,
  input: { payload: string; mfaId: number },
): { status: 200; body: { payload: string; method: MfaMethod } } | Gone | Conflict | Invalid {
  const merge = mergeOf(store, input.payload);
  if (isFailure(merge)) return merge;
  const { other, state, challenge } = merge;
  if (state.confirmed) return wrongStep('Ownership is already confirmed: merge or decline.');

  let to: { channel: 'email' | 'sms'; value: string } | undefined;
  if (input.mfaId > 0) {
    const row = store.mfaMethods.get(input.mfaId);
    if (row?.accountId === other.id && row.active && row.target) {
      if (row.method === 'email' || row.method === 'sms')
        to = { channel: row.method, value: row.target };
    }
  } else {
    const email = other.email.find((e) => e.id === -input.mfaId && e.verified);
    const phone = other.phone.find((p) => p.id === -input.mfaId && p.verified);
    if (email) to = { channel: 'email', value: email.value };
    else if (phone) to = { channel: 'sms', value: phone.value };
  }
  const method = codeMethods(store, other).find((m) => m.id === input.mfaId);
  if (!to || !method) return INVALID_INFO;
  sendChallengeCode(store, challenge, to.channel, to.value, 'accountMerge');
  state.codeMethod = method;
  return { status: 200, body: { payload: challenge.payload, method } };
}

/** Checks the code sent by `sendFuzzionCode`: right, ownership is confirmed (`mfa` empty). */
export function confirmFuzzionCode(
  store: Store,
  input: { payload: string; code: string },
): Described | Invalid {
  const merge = mergeOf(store, input.payload);
  if (isFailure(merge)) return merge;
  const { state, challenge } = merge;
  if (state.confirmed) return { status: 200, body: describe(store, merge) };
  if (!challenge.codeHash || !state.codeMethod) {
    return wrongStep('Ask for a code first (POST /mfa/fuzzion).');
  }
  const check = verifyChallengeCode(store, challenge, input.code);
  if (check !== 'ok') return INVALID_INFO;
  state.confirmed = true;
  return { status: 200, body: describe(store, merge) };
}

/** Proves ownership by the other account's card number or password. */
export function claimFuzzion(
  store: Store,
  input: { payload: string; card_number?: string | undefined; password?: string | undefined },
  session: Partial<SessionInfo>,
): Described | Invalid | PasswordLocked {
  const merge = mergeOf(store, input.payload);
  if (isFailure(merge)) return merge;
  const { other, state, challenge } = merge;
  if (state.confirmed) return { status: 200, body: describe(store, merge) };
  // A password proof is a password check of the other account: bounded as its sign-in is.
  const check =
    input.password === undefined
      ? null
      : checkPassword(store, other, input.password, session, 'merge');
  if (check !== null && check !== 'ok' && check !== 'wrong') return check;
  const proven =
    input.card_number !== undefined
      ? store.cards.get(input.card_number)?.accountId === other.id
      : check === 'ok';
  if (!proven) {
    countWrongTry(challenge);
    return INVALID_INFO;
  }
  state.confirmed = true;
  return { status: 200, body: describe(store, merge) };
}

/**
 * Merges the other account into the signed-in one: its e-mails, phones, ids,
 * cards, grants and history move over; the other account, its sessions and its
 * second factors go. The current password serves every username from now on.
 * Answers a new session; the request's own session of this account ends.
 */
export function acceptFuzzion(
  store: Store,
  payload: string,
  session: Partial<SessionInfo>,
  bearer: string | undefined,
): { status: 200; body: TokenAnswer } | Gone | Conflict {
  const merge = mergeOf(store, payload);
  if (isFailure(merge)) return merge;
  const { account, other, state, challenge } = merge;
  if (!state.confirmed) return wrongStep('Confirm first that the other account is yours.');

  const add = (into: Account['email'], from: Account['email']) => {
    for (const row of from) {
      if (!into.some((r) => r.value === row.value)) into.push({ ...row, default: false });
    }
  };
  add(account.email, other.email);
  add(account.phone, other.phone);
  account.user_id ??= other.user_id;
  account.customer_user_id ??= other.customer_user_id;
  account.fridom_user_id ??= other.fridom_user_id;
  account.national_register_number ??= other.national_register_number;
  if (account.iban === null) {
    account.iban = other.iban;
    account.iban_country = other.iban_country;
  }
  account.duplicateOf = null;

  for (const card of store.cards.values())
    if (card.accountId === other.id) card.accountId = account.id;
  for (const grant of [...store.grants]) {
    if (grant.accountId !== other.id) continue;
    const mine = store.grants.find(
      (g) => g.accountId === account.id && g.clientId === grant.clientId,
    );
    if (mine) {
      mine.scopes = [...new Set([...mine.scopes, ...grant.scopes])];
      store.grants.splice(store.grants.indexOf(grant), 1);
    } else grant.accountId = account.id;
  }
  for (const event of store.history) if (event.accountId === other.id) event.accountId = account.id;
  for (const request of store.accessRequests) {
    if (request.accountId === other.id) request.accountId = account.id;
  }
  for (const row of store.tokens.values())
    if (row.accountId === other.id) revokeToken(store, row.token);
  for (const c of store.challenges.values()) if (c.accountId === other.id) spendChallenge(c);
  for (const m of [...store.mfaMethods.values()])
    if (m.accountId === other.id) store.mfaMethods.delete(m.id);
  store.recoveryKeys = store.recoveryKeys.filter((k) => k.accountId !== other.id);
  store.trustedDevices = store.trustedDevices.filter((d) => d.accountId !== other.id);
  clearSignInLocks(store, other.id);
  store.accounts.delete(other.id);

  spendChallenge(challenge);
  if (bearer && store.tokens.get(bearer)?.accountId === account.id) revokeToken(store, bearer);
  const device = deviceOf(session);
  recordEvent(store, account.id, 'account_merged', device, maskContact(state.otherLogin));
  const row = issueToken(store, account.id, session);
  return { status: 200, body: sessionAnswer(row, account) };
}

/**
 * Keeps the accounts apart: the similar username is removed from the other
 * account (with the MFA method that sent codes to it), so it names only the
 * signed-in account from now on; the merge is not proposed again.
 */
export function declineFuzzion(
  store: Store,
  payload: string,
  session: Partial<SessionInfo>,
): { status: 204; body: undefined } | Gone | Conflict {
  const merge = mergeOf(store, payload);
  if (isFailure(merge)) return merge;
  const { account, other, state, challenge } = merge;
  if (!state.confirmed) return wrongStep('Confirm first that the other account is yours.');

  const login = state.otherLogin;
  for (const key of ['email', 'phone'] as const) {
    const rows = other[key];
    const removed = rows.find((r) => r.value === login);
    if (!removed) continue;
    other[key] = rows.filter((r) => r !== removed);
    const first = other[key][0];
    if (removed.default && first) first.default = true;
  }
  const methods = activeMethods(store, other.id);
  const dropped = methods.filter(
    (m) => m.target === login && (m.method === 'email' || m.method === 'sms'),
  );
  for (const m of dropped) store.mfaMethods.delete(m.id);
  if (dropped.some((m) => m.primary)) {
    const next = activeMethods(store, other.id).find((m) => m.method !== 'totpRecovery');
    if (next) next.primary = true;
  }
  account.duplicateOf = null;
  spendChallenge(challenge);
  const device = deviceOf(session);
  recordEvent(store, account.id, 'account_merge_declined', device, maskContact(login));
  recordEvent(store, other.id, 'username_removed', null, maskContact(login));
  return { status: 204, body: undefined };
}

/** The live challenge of `payload` alone: these endings need nothing of the other account. */
function challengeOf(store: Store, payload: string): ChallengeRow | Gone {
  const found = findChallenge(store, payload, [FUZZION]);
  return found.ok ? found.challenge : GONE;
}

/** "It is not me": the other account is someone else's; the merge is not proposed again. */
export function notMeFuzzion(
  store: Store,
  payload: string,
  session: Partial<SessionInfo>,
): { status: 204; body: undefined } | Gone {
  const challenge = challengeOf(store, payload);
  if ('status' in challenge) return challenge;
  spendChallenge(challenge);
  const account =
    challenge.accountId === null ? undefined : store.accounts.get(challenge.accountId);
  if (!account) return { status: 204, body: undefined };
  account.duplicateOf = null;
  const other = (challenge.data as unknown as FuzzionState).otherLogin;
  recordEvent(
    store,
    account.id,
    'account_merge_not_me',
    deviceOf(session),
    maskContact(String(other)),
  );
  return { status: 204, body: undefined };
}

/** Ignore for now: nothing changes; the next sign-in proposes the merge again. */
export function ignoreFuzzion(
  store: Store,
  payload: string,
): { status: 204; body: undefined } | Gone {
  const challenge = challengeOf(store, payload);
  if ('status' in challenge) return challenge;
  spendChallenge(challenge);
  return { status: 204, body: undefined };
}
