import { createHash } from 'node:crypto';
import type {
  CreationOptions,
  ErrorBody,
  Passkey,
  RelyingParty,
  RequestOptions,
  TokenAnswer,
} from '@portal/contract';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  type Account,
  deviceOf,
  issueToken,
  type PasskeyRow,
  recordEvent,
  type SessionInfo,
  type Store,
  tokenRow,
} from '../store';
import { TOKEN_TTL_S } from './auth';
import { noteSignIn } from './devices';
import { mustResetPassword, RESET_REQUIRED } from './lockdown';
import {
  createChallenge,
  findChallenge,
  grantSudo,
  hasMfa,
  hasSudo,
  spendChallenge,
} from './mfa-codes';
import { notePasskeyOnDevice, sendPasskeyAddedNotice } from './passkey-offer';
import { type Current, SUDO_REQUIRED } from './sessions';

/**
 * Passkeys (docs/threat-model.md, 3. Passkey) with `@simplewebauthn/server`.
 * Each ceremony's challenge lives in a challenge row (`passkey-register`,
 * `passkey-login`, `passkey-sudo`) for 5 minutes and serves once: any answer,
 * right or wrong, spends it, so an assertion cannot be replayed against it. The
 * relying party (id and origin) is the one the gateway names with the call,
 * from its public-origin configuration.
 */

/** How long the browser has to answer a ceremony. */
export const CEREMONY_TTL_MS = 5 * 60_000;
const RP_NAME = 'Account portal';

type Result<S extends number, B> = { status: S; body: B };
const error = <S extends number>(status: S, code: string, message: string) => ({
  status,
  body: { code, message } satisfies ErrorBody,
});

/** The library's option types are interfaces; on the wire they are the contract's JSON objects. */
const wire = <T>(options: object) => options as T;

const iso = (ms: number) => new Date(ms).toISOString();

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: iso(row.createdAt),
    last_used_at: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
    backed_up: row.backedUp,
    aaguid: row.aaguid,
  };
}

/** An authenticator that names no model sends the all-zero AAGUID. */
const NO_AAGUID = '00000000-0000-0000-0000-000000000000';

/**
 * The WebAuthn user entity of the account's passkeys: the user handle, the
 * login (default e-mail, else phone) and the person's name, as a passkey made
 * now gets them and the browser's Signal API is told them.
 */
export function passkeyUser(store: Store, account: Account) {
  const login =
    account.email.find((e) => e.default)?.value ??
    account.phone.find((p) => p.default)?.value ??
    `account ${account.id}`;
  const handle = userHandle(store, account.id);
  return {
    id: Buffer.from(handle).toString('base64url'),
    handle,
    name: login,
    display_name: `${account.firstname} ${account.lastname}`.trim() || login,
  };
}

export function passkeysOf(store: Store, accountId: number, rpId?: string): PasskeyRow[] {
  return [...store.passkeys.values()]
    .filter((p) => p.accountId === accountId && (rpId === undefined || p.rpId === rpId))
    .sort((a, b) => b.createdAt - a.createdAt);
}

/** A change to how one signs in needs a recent check when there is any second factor to check. */
function needsSudo(store: Store, current: Current): boolean {
  const hasFactor =
    hasMfa(store, current.account.id) || passkeysOf(store, current.account.id).length > 0;
  return hasFactor && !hasSudo(store, current.token);
}

/**
 * WebAuthn's rule: the origin's host is the relying-party id or one of its
 * subdomains, or the origin is one the id's related origins list.
 */
function rpMismatch(rp: RelyingParty) {
  const host = new URL(rp.origin).hostname;
  if (host === rp.id || host.endsWith(`.${rp.id}`)) return null;
  if (rp.related_origins?.includes(rp.origin)) return null;
  return error(
    400,
    'validation',
    `relying_party: ${rp.id} is not the domain of ${rp.origin}, nor is it a related origin`,
  );
}

/** A user handle that names the account without saying who it is. */
function userHandle(store: Store, accountId: number): Uint8Array<ArrayBuffer> {
  const digest = createHash('sha256').update(`${store.region}:${accountId}`).digest();
  return new Uint8Array(digest.subarray(0, 16));
}

const GONE = {
  unknown: error(400, 'invalid_payload', 'This passkey check is unknown. Please start again.'),
  expired: error(410, 'payload_expired', 'This passkey check has expired. Please start again.'),
  spent: error(
    410,
    'payload_spent',
    'This passkey check was already answered. Please start again.',
  ),
} as const;

/**
 * What went wrong in a verification, in words for the person and the
 * integrator (the library's own message names the expected challenge: kept
 * out of the answer).
 */
function rejection(err: unknown) {
  const text = err instanceof Error ? err.message : String(err);
  const reason = /challenge/i.test(text)
    ? 'The passkey answered another challenge. Please start again.'
    : /origin/i.test(text)
      ? 'The passkey answer comes from another origin than this site.'
      : /RP ID/i.test(text)
        ? 'The passkey belongs to another site.'
        : /counter/i.test(text)
          ? 'This passkey answer was already used (its counter did not increase).'
          : /user verif/i.test(text)
            ? 'The passkey did not verify the user (PIN, fingerprint or face).'
            : /signature/i.test(text)
              ? 'The passkey signature does not verify.'
              : 'The passkey answer could not be verified.';
  return error(422, 'passkey_rejected', reason);
}

// ------------------------------------------------------------- registration

export async function startRegistration(
  store: Store,
  current: Current,
  rp: RelyingParty,
): Promise<
  Result<200, { payload: string; options: CreationOptions }> | Result<400 | 403, ErrorBody>
> {
  const mismatch = rpMismatch(rp);
  if (mismatch) return mismatch;
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  const { account } = current;
  const user = passkeyUser(store, account);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.name,
    userID: user.handle,
    userDisplayName: user.display_name,
    attestationType: 'none',
    excludeCredentials: passkeysOf(store, account.id, rp.id).map((p) => ({
      id: p.id,
      transports: p.transports,
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challenge = createChallenge(store, {
    purpose: 'passkey-register',
    accountId: account.id,
    ttlMs: CEREMONY_TTL_MS,
    data: { challenge: options.challenge, token: current.token, rp },
  });
  return {
    status: 200,
    body: { payload: challenge.payload, options: wire<CreationOptions>(options) },
  };
}

export interface FinishRegistrationInput {
  payload: string;
  name: string;
  credential: RegistrationResponseJSON;
  relying_party: RelyingParty;
}

export async function finishRegistration(
  store: Store,
  current: Current,
  input: FinishRegistrationInput,
  from: Partial<SessionInfo>,
): Promise<Result<201, Passkey> | Result<400 | 403 | 409 | 410 | 422, ErrorBody>> {
  const mismatch = rpMismatch(input.relying_party);
  if (mismatch) return mismatch;
  const found = findChallenge(store, input.payload, ['passkey-register']);
  if (!found.ok) return GONE[found.reason];
  const ceremony = found.challenge;
  if (ceremony.data.token !== current.token) return GONE.unknown;
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  spendChallenge(ceremony);

  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: ceremony.data.challenge as string,
      expectedOrigin: input.relying_party.origin,
      expectedRPID: input.relying_party.id,
      requireUserVerification: true,
    });
  } catch (err) {
    return rejection(err);
  }
  if (!verified.verified) return rejection(null);
  const info = verified.registrationInfo;
  if (store.passkeys.has(info.credential.id)) {
    return error(409, 'passkey_exists', 'This passkey is already registered.');
  }
  const row: PasskeyRow = {
    id: info.credential.id,
    accountId: current.account.id,
    rpId: input.relying_party.id,
    publicKey: info.credential.publicKey,
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    name: input.name.trim(),
    aaguid: info.aaguid === NO_AAGUID ? null : info.aaguid.toLowerCase(),
    backedUp: info.credentialBackedUp,
    createdAt: store.clock.now(),
    lastUsedAt: null,
  };
  store.passkeys.set(row.id, row);
  notePasskeyOnDevice(store, current.row, row);
  recordEvent(store, current.account.id, 'passkey_added', deviceOf(from), row.name);
  sendPasskeyAddedNotice(store, current.account, row, store.history.at(-1)?.id);
  return { status: 201, body: toPasskey(row) };
}

// ----------------------------------------------------------- authentication

export async function startAuthentication(
  store: Store,
  input: { purpose: 'login' | 'sudo'; relying_party: RelyingParty },
  bearer: string | undefined,
): Promise<
  Result<200, { payload: string; options: RequestOptions }> | Result<400 | 401 | 404, ErrorBody>
> {
  const rp = input.relying_party;
  const mismatch = rpMismatch(rp);
  if (mismatch) return mismatch;
  if (input.purpose === 'login') {
    // Discoverable credentials: the browser offers the passkeys it holds for this site.
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      userVerification: 'required',
    });
    const challenge = createChallenge(store, {
      purpose: 'passkey-login',
      accountId: null,
      ttlMs: CEREMONY_TTL_MS,
      data: { challenge: options.challenge },
    });
    return {
      status: 200,
      body: { payload: challenge.payload, options: wire<RequestOptions>(options) },
    };
  }
  const session = tokenRow(store, bearer);
  if (!session || session.clientId !== null) {
    return error(401, 'unauthenticated', 'Sign in first.');
  }
  const mine = passkeysOf(store, session.accountId, rp.id);
  if (mine.length === 0) {
    return error(404, 'passkey_not_found', 'You have no passkey for this site.');
  }
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    allowCredentials: mine.map((p) => ({ id: p.id, transports: p.transports as never })),
  });
  const challenge = createChallenge(store, {
    purpose: 'passkey-sudo',
    accountId: session.accountId,
    ttlMs: CEREMONY_TTL_MS,
    data: { challenge: options.challenge, token: session.token },
  });
  return {
    status: 200,
    body: { payload: challenge.payload, options: wire<RequestOptions>(options) },
  };
}

export interface FinishAuthenticationInput {
  payload: string;
  credential: AuthenticationResponseJSON;
  relying_party: RelyingParty;
}

export type FinishAuthentication =
  | Result<200, TokenAnswer | { sudo: true }>
  | Result<400 | 401 | 403 | 410 | 422, ErrorBody>;

/**
 * Verifies an assertion. A sign-in needs nothing more: the passkey proved
 * possession of the device and the user's PIN or biometrics (two factors),
 * so the new session holds sudo like an MFA sign-in.
 */
export async function finishAuthentication(
  store: Store,
  input: FinishAuthenticationInput,
  bearer: string | undefined,
  from: Partial<SessionInfo>,
): Promise<FinishAuthentication> {
  const rp = input.relying_party;
  const mismatch = rpMismatch(rp);
  if (mismatch) return mismatch;
  const found = findChallenge(store, input.payload, ['passkey-login', 'passkey-sudo']);
  if (!found.ok) return GONE[found.reason];
  const ceremony = found.challenge;
  const stepUp = ceremony.purpose === 'passkey-sudo';
  if (stepUp && (ceremony.data.token !== bearer || !tokenRow(store, bearer))) {
    return error(401, 'unauthenticated', 'Sign in first.');
  }
  spendChallenge(ceremony);

  const row = store.passkeys.get(input.credential.id);
  if (!row || row.rpId !== rp.id || (stepUp && row.accountId !== ceremony.accountId)) {
    return error(
      422,
      'passkey_unknown',
      stepUp
        ? 'This passkey is not one of yours.'
        : 'This passkey is not registered here. Sign in with your password, then add it under Security.',
    );
  }
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: input.credential,
      expectedChallenge: ceremony.data.challenge as string,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.id,
        publicKey: row.publicKey as Uint8Array<ArrayBuffer>,
        counter: row.counter,
        transports: row.transports as never,
      },
      requireUserVerification: true,
    });
  } catch (err) {
    return rejection(err);
  }
  if (!verified.verified) return rejection(null);
  row.counter = verified.authenticationInfo.newCounter;
  row.lastUsedAt = store.clock.now();
  const account = store.accounts.get(row.accountId);
  if (!account) return error(422, 'passkey_unknown', 'This passkey is not registered here.');

  if (stepUp) {
    grantSudo(store, bearer as string);
    const stepped = tokenRow(store, bearer);
    if (stepped) notePasskeyOnDevice(store, stepped, row);
    recordEvent(store, account.id, 'passkey_used', deviceOf(from), row.name);
    return { status: 200, body: { sudo: true } };
  }
  // A locked account signs in nowhere until its password is replaced (docs/flows.md).
  if (mustResetPassword(store, account.id)) return RESET_REQUIRED;
  const session = issueToken(store, account.id, from);
  session.byPasskey = true;
  // A sign-in like any other door: its device becomes known, a new one alerts (docs/threat-model.md).
  noteSignIn(store, account.id, from);
  notePasskeyOnDevice(store, session, row);
  recordEvent(store, account.id, 'login', session, 'passkey');
  recordEvent(store, account.id, 'passkey_used', session, row.name);
  grantSudo(store, session.token);
  return {
    status: 200,
    body: {
      access_token: session.token,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      password_status: account.password_status,
    },
  };
}

// ------------------------------------------------------------------ manage

export function renamePasskey(
  store: Store,
  current: Current,
  id: string,
  name: string,
): Result<200, Passkey> | Result<404, ErrorBody> {
  const row = store.passkeys.get(id);
  if (!row || row.accountId !== current.account.id) return NOT_FOUND;
  row.name = name.trim();
  return { status: 200, body: toPasskey(row) };
}

export function deletePasskey(
  store: Store,
  current: Current,
  id: string,
  from: Partial<SessionInfo>,
): Result<204, undefined> | Result<403 | 404, ErrorBody> {
  const row = store.passkeys.get(id);
  if (!row || row.accountId !== current.account.id) return NOT_FOUND;
  if (needsSudo(store, current)) return SUDO_REQUIRED;
  store.passkeys.delete(id);
  recordEvent(store, current.account.id, 'passkey_removed', deviceOf(from), row.name);
  return { status: 204, body: undefined };
}

const NOT_FOUND = error(404, 'passkey_not_found', 'No such passkey.');
