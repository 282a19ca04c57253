import type {
  ErrorBody,
  MessageBody,
  OnboardingConfirmed,
  OnboardingOutcome,
  OnboardingProgress,
  OnboardingStart,
  OnboardingStarted,
  OnboardingStepName,
  TokenAnswer,
} from '@portal/contract';
import { maskContact } from '@portal/contract/mask';
import {
  type Account,
  type ChallengeRow,
  deviceOf,
  findAccountByLogin,
  hashSecret,
  issueToken,
  nextId,
  recordEvent,
  type SessionInfo,
  type Store,
  type TokenRow,
} from '../store';
import { TOKEN_TTL_S } from './auth';
import { noteSignIn } from './devices';
import {
  createChallenge,
  findChallenge,
  sendChallengeCode,
  spendChallenge,
  tellAddressOwner,
  verifyChallengeCode,
} from './mfa-codes';

/**
 * Onboarding (docs/product.md parts 2 and 4): an account created from a card number (BE),
 * an activation code (LU) or an invitation code (BE), in the spec's order —
 * e-mail and its code, phone and its code, password, terms — each step
 * refusing to run out of turn (409 `wrong_step`). The last step creates the
 * account (e-mail and SMS as its verified MFA methods), activates the card and
 * opens a session.
 */

export const ONBOARDING = 'onboarding';
/** How long an onboarding may take from start to terms. */
export const ONBOARDING_TTL_MS = 60 * 60_000;

type Source =
  | { kind: 'card'; number: string }
  | { kind: 'activation_code'; code: string }
  | { kind: 'invitation'; code: string };

interface OnboardingState {
  source: Source;
  step: OnboardingStepName;
  currentEmail: string | null;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
}

type Fail<S extends number, B> = { status: S; body: B };
export type StepFailure = Fail<404, ErrorBody> | Fail<409, ErrorBody>;
export type StepResult = { status: 200; body: OnboardingProgress } | StepFailure;
export type CodeStepResult = StepResult | Fail<422, MessageBody>;

const EXPIRED: Fail<404, ErrorBody> = {
  status: 404,
  body: {
    code: 'onboarding_expired',
    message: 'This onboarding is unknown or has expired. Start again.',
  },
};

const STEP_TEXT: Record<OnboardingStepName, string> = {
  email: 'choose your e-mail address',
  'email-code': 'confirm your e-mail address',
  phone: 'choose your phone number',
  'phone-code': 'confirm your phone number',
  password: 'choose your password',
  terms: 'accept the terms',
};

function wrongStep(expected: OnboardingStepName): Fail<409, ErrorBody> {
  return {
    status: 409,
    body: {
      code: 'wrong_step',
      message: `Not yet: first ${STEP_TEXT[expected]} (step ${expected}).`,
    },
  };
}

const emailTaken = (store: Store, email: string) => findAccountByLogin(store, email) !== undefined;
const phoneTaken = (store: Store, phone: string) => findAccountByLogin(store, phone) !== undefined;

const EMAIL_DUPLICATED: Fail<409, ErrorBody> = {
  status: 409,
  body: {
    code: 'email-duplicated',
    message: 'This email is already in use. Please use another one.',
  },
};
const PHONE_DUPLICATED: Fail<409, ErrorBody> = {
  status: 409,
  body: {
    code: 'phone-duplicated',
    message: 'This phone number is already in use. Please use another one.',
  },
};

function progress(challenge: ChallengeRow, recipient?: string): StepResult {
  const state = stateOf(challenge);
  return {
    status: 200,
    body: { payload: challenge.payload, step: state.step, ...(recipient ? { recipient } : {}) },
  };
}

function stateOf(challenge: ChallengeRow): OnboardingState {
  return challenge.data as unknown as OnboardingState;
}

/** The live onboarding of `payload`, if it is at one of `steps`. */
function atStep(
  store: Store,
  payload: string,
  steps: OnboardingStepName[],
): { challenge: ChallengeRow; state: OnboardingState } | StepFailure {
  const found = findChallenge(store, payload, [ONBOARDING]);
  if (!found.ok) return EXPIRED;
  const state = stateOf(found.challenge);
  if (!steps.includes(state.step)) return wrongStep(state.step);
  return { challenge: found.challenge, state };
}

const unknownStart = (message: string, code: string): Fail<404, ErrorBody> => ({
  status: 404,
  body: { code, message },
});

export type StartResult = { status: 200; body: OnboardingStarted } | Fail<404, ErrorBody>;

/**
 * Starts from a card (it must exist on this region's store), an activation code
 * or an invitation code still unused. A card that already belongs to an account
 * answers only the masked username of that account (sign in instead).
 */
export function startOnboarding(store: Store, input: OnboardingStart): StartResult {
  let source: Source;
  let currentEmail: string | null = null;
  const cardKey = input.card_number ?? input.activation_code;
  if (cardKey !== undefined) {
    const card = store.cards.get(cardKey);
    const owner = card?.accountId == null ? undefined : store.accounts.get(card.accountId);
    if (owner) {
      const username = owner.email.find((e) => e.default)?.value ?? owner.email[0]?.value;
      return {
        status: 200,
        body: { existingAccount: { username: username ? maskContact(username) : '' } },
      };
    }
    if (input.card_number !== undefined) {
      if (!card) return unknownStart('Your card number is invalid.', 'card_unknown');
      source = { kind: 'card', number: card.number };
      currentEmail = card.holderEmail ?? null;
    } else {
      if (!store.codes.has(cardKey)) {
        return unknownStart('Your activation code is invalid.', 'activation_code_unknown');
      }
      source = { kind: 'activation_code', code: cardKey };
    }
  } else {
    const code = input.invitation_code ?? '';
    // An activation code is not an invitation, even on the region that holds it.
    if (!store.codes.has(code) || /^[A-Z]{2}-[A-Z]{3}-\d{4}$/.test(code)) {
      return unknownStart('The code is invalid.', 'invitation_unknown');
    }
    source = { kind: 'invitation', code };
  }
  const state: OnboardingState = {
    source,
    step: 'email',
    currentEmail,
    email: null,
    phone: null,
    passwordHash: null,
  };
  const row = createChallenge(store, {
    purpose: ONBOARDING,
    accountId: null,
    ttlMs: ONBOARDING_TTL_MS,
    data: { ...state },
  });
  return {
    status: 200,
    body: {
      payload: row.payload,
      step: 'email',
      currentEmail: currentEmail ? maskContact(currentEmail) : null,
    },
  };
}

/** E-mail step: the e-mail on file for the card (`keep_current`) or a personal one gets a code. */
export function sendEmailCode(
  store: Store,
  input: { payload: string; email?: string | undefined; keep_current?: true | undefined },
): StepResult | Fail<400, ErrorBody> {
  const at = atStep(store, input.payload, ['email', 'email-code']);
  if ('status' in at) return at;
  const { challenge, state } = at;
  const email = input.keep_current ? state.currentEmail : (input.email ?? null);
  if (!email) {
    return {
      status: 400,
      body: {
        code: 'no_current_email',
        message: 'There is no current e-mail address for this card: give one.',
      },
    };
  }
  state.email = email;
  state.step = 'email-code';
  // An address an account already has is answered as a free one: its owner
  // is told instead of sent the code (docs/security.md, V6.3).
  if (emailTaken(store, email)) tellAddressOwner(store, challenge, 'email', email);
  else sendChallengeCode(store, challenge, 'email', email, 'emailVerification');
  return progress(challenge, maskContact(email));
}

/** Checks the code of the e-mail or phone step; a right one moves the flow on. */
function verifyStep(
  store: Store,
  input: { payload: string; code: string },
  step: 'email-code' | 'phone-code',
  next: OnboardingStepName,
): CodeStepResult {
  const at = atStep(store, input.payload, [step]);
  if ('status' in at) return at;
  const check = verifyChallengeCode(store, at.challenge, input.code);
  if (check === 'spent') return EXPIRED;
  if (check === 'expired') {
    return {
      status: 422,
      body: { message: 'The code has expired. Ask for a new one.', code: 'code_expired' },
    };
  }
  if (check !== 'ok') {
    return { status: 422, body: { message: 'The code is invalid.', code: 'code_invalid' } };
  }
  at.state.step = next;
  return progress(at.challenge);
}

export const verifyEmail = (store: Store, input: { payload: string; code: string }) =>
  verifyStep(store, input, 'email-code', 'phone');

/** Phone step: the number gets a code by SMS. */
export function sendPhoneCode(store: Store, input: { payload: string; phone: string }): StepResult {
  const at = atStep(store, input.payload, ['phone', 'phone-code']);
  if ('status' in at) return at;
  at.state.phone = input.phone;
  at.state.step = 'phone-code';
  if (phoneTaken(store, input.phone)) tellAddressOwner(store, at.challenge, 'sms', input.phone);
  else sendChallengeCode(store, at.challenge, 'sms', input.phone, 'phoneVerification');
  return progress(at.challenge, maskContact(input.phone));
}

export const verifyPhone = (store: Store, input: { payload: string; code: string }) =>
  verifyStep(store, input, 'phone-code', 'password');

/** Password step (the contract already applied the password rules). May be redone before the terms. */
export function setPassword(
  store: Store,
  input: { payload: string; password: string },
): StepResult {
  const at = atStep(store, input.payload, ['password', 'terms']);
  if ('status' in at) return at;
  at.state.passwordHash = hashSecret(input.password);
  at.state.step = 'terms';
  return progress(at.challenge);
}

export type TermsResult =
  | { status: 200; body: OnboardingConfirmed }
  | Fail<404, ErrorBody>
  | Fail<409, ErrorBody>;

/**
 * Terms accepted: creates the account, activates the card (or uses up the
 * code) and opens a session. A card that fails to activate still leaves the
 * account (outcome `activation_failed`); the card stays linked to it, not
 * activated. E-mail, phone and the card are checked once more: another
 * onboarding may have taken them meanwhile.
 */
export function acceptTerms(
  store: Store,
  input: {
    payload: string;
    firstname: string;
    lastname: string;
    marketing?: boolean | undefined;
    language?: Account['language'] | undefined;
  },
  session: Partial<SessionInfo>,
): TermsResult {
  const at = atStep(store, input.payload, ['terms']);
  if ('status' in at) return at as Fail<404, ErrorBody> | Fail<409, ErrorBody>;
  const { challenge, state } = at;
  if (!state.email || !state.phone || !state.passwordHash) return wrongStep('email');
  if (emailTaken(store, state.email)) return EMAIL_DUPLICATED;
  if (phoneTaken(store, state.phone)) return PHONE_DUPLICATED;

  const source = state.source;
  const card = source.kind === 'card' ? store.cards.get(source.number) : undefined;
  if (source.kind === 'card' && (!card || card.accountId !== null)) {
    return {
      status: 409,
      body: { code: 'card_taken', message: 'This card already belongs to an account.' },
    };
  }
  if (source.kind !== 'card' && !store.codes.has(source.code)) {
    return { status: 409, body: { code: 'code_used', message: 'This code was already used.' } };
  }

  const account = createAccount(store, state.email, state.phone, state.passwordHash);
  account.firstname = input.firstname;
  account.lastname = input.lastname;
  account.marketing = input.marketing === true;
  // The language the onboarding was done in; else the variant's usual one.
  if (input.language) account.language = input.language;
  let outcome: OnboardingOutcome;
  if (source.kind === 'card') {
    if (card) {
      card.accountId = account.id;
      if (card.state === 'unactivated') card.state = 'activated';
    }
    outcome = card?.state === 'activated' ? 'card_activated' : 'activation_failed';
  } else if (source.kind === 'activation_code') {
    // The LU card is known by its activation code from now on (forgot username).
    store.codes.delete(source.code);
    store.cards.set(source.code, {
      number: source.code,
      state: 'activated',
      accountId: account.id,
    });
    outcome = 'card_activated';
  } else {
    store.codes.delete(source.code);
    outcome = 'code_only';
  }
  spendChallenge(challenge);
  const device = deviceOf(session);
  recordEvent(
    store,
    account.id,
    'account_created',
    device,
    `terms and privacy accepted; marketing ${input.marketing ? 'yes' : 'no'}; ${outcome}`,
  );
  const row = issueToken(store, account.id, session);
  noteSignIn(store, account.id, session);
  recordEvent(store, account.id, 'login', device);
  return { status: 200, body: { ...sessionAnswer(row, account), outcome } };
}

/** A new account: verified e-mail and phone, both MFA methods (e-mail primary). */
function createAccount(store: Store, email: string, phone: string, passwordHash: string): Account {
  const id = nextId(store);
  const now = store.clock.now();
  const contact = (value: string) => ({
    id: nextId(store),
    value,
    default: true,
    verified: true,
    mfa: true,
  });
  const account: Account = {
    id,
    user_id: 10_000 + id,
    customer_user_id: null,
    fridom_user_id: null,
    email: [contact(email)],
    phone: [contact(phone)],
    firstname: '',
    lastname: '',
    birthdate: null,
    gender: null,
    language: store.region === 'lu' ? 'fr' : 'nl',
    passwordHash,
    password_status: 0,
    last_password_change: new Date(now).toISOString(),
    mfa_forced: false,
    mfa_customer: false,
    has_sso: false,
    sso_only: false,
    iban: null,
    iban_country: null,
    sso_email: null,
    company: null,
    duplicateOf: null,
    national_register_number: null,
    marketing: false,
  };
  store.accounts.set(id, account);
  for (const [i, [method, target]] of (
    [
      ['email', email],
      ['sms', phone],
    ] as const
  ).entries()) {
    const methodId = nextId(store);
    store.mfaMethods.set(methodId, {
      id: methodId,
      accountId: id,
      method,
      target,
      secret: null,
      primary: i === 0,
      active: true,
      createdAt: now,
    });
  }
  return account;
}

/** The token answer of a session opened by these flows. */
export function sessionAnswer(row: TokenRow, account: Account): TokenAnswer {
  return {
    access_token: row.token,
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_S,
    password_status: account.password_status,
  };
}
