import { randomBytes } from 'node:crypto';
import type { Clock } from './clock';
import type { LockLinkRow, LockState } from './domain/lockdown';
import { DEMO_PASSWORD, seedAccounts, seedCards, seedClients, seedCodes } from './seed';

import { addAccount, findAccountByLogin } from './store/accounts';
import { hashSecret } from './store/ids';

/**
 * All state of one region's mock account API, in memory. Each domain keeps its
 * tables here and its logic as plain functions in `src/domain/<domain>.ts`.
 * The functions every domain shares live by idea under `store/`: ids and
 * secrets (`ids.ts`), accounts (`accounts.ts`), tokens (`tokens.ts`), where a
 * request comes from and the security history (`devices.ts`), the dev outbox
 * (`outbox.ts`); this module is their one entrance.
 */
export * from './store/accounts';
export * from './store/devices';
export * from './store/ids';
export * from './store/outbox';
export * from './store/tokens';

export type Region = 'be' | 'lu';

export interface ContactRow {
  id: number;
  value: string;
  default: boolean;
  verified: boolean;
  /** Whether two-step codes may be sent to this entry. */
  mfa: boolean;
}

export interface Account {
  id: number;
  user_id: number | null;
  customer_user_id: number | null;
  fridom_user_id: number | null;
  email: ContactRow[];
  phone: ContactRow[];
  firstname: string;
  lastname: string;
  birthdate: string | null;
  gender: 'female' | 'male' | 'other' | null;
  language: 'en' | 'fr' | 'nl' | 'de';
  passwordHash: string;
  password_status: number;
  last_password_change: string | null;
  mfa_forced: boolean;
  mfa_customer: boolean;
  has_sso: boolean;
  sso_only: boolean;
  iban: string | null;
  iban_country: string | null;
  /** The workplace identity-provider e-mail once linked. */
  sso_email: string | null;
  /** Company in the identity-provider beta programme, if any. */
  company: string | null;
  /** Seeded marker: confirming MFA yields a duplicate-account merge. */
  duplicateOf: string | null;
  national_register_number: string | null;
  /** The newsletter and offers by e-mail, agreed to (or not) at onboarding. */
  marketing: boolean;
}

/** A deletion asked for (docs/flows.md, "Ask for deletion"): done at `deleteAt` unless cancelled. */
export interface DeletionRow {
  requestedAt: number;
  deleteAt: number;
  /** Whether the e-mail sent before it takes effect went out. */
  reminded: boolean;
}

export type MfaKind = 'email' | 'sms' | 'totp' | 'totpRecovery' | 'card';

export interface MfaMethodRow {
  id: number;
  accountId: number;
  method: MfaKind;
  /** E-mail or phone the code goes to (email/sms); card number for card. */
  target: string | null;
  /** Base32 TOTP secret (totp only). */
  secret: string | null;
  primary: boolean;
  /** False until the setup was confirmed with a code. */
  active: boolean;
  createdAt: number;
  /** The last 30-second step whose authenticator code was accepted (totp only): codes are single use. */
  lastTotpStep?: number;
}

export interface RecoveryKeyRow {
  accountId: number;
  hash: string;
  used_at: number | null;
}

/**
 * A pending multi-step operation addressed by an opaque `payload` (MFA at
 * sign-in, step-up, setup confirmation, contact verification, forgot-password,
 * onboarding, merge…). `data` holds what the purpose needs.
 */
export interface ChallengeRow {
  payload: string;
  purpose: string;
  accountId: number | null;
  mfaId: number | null;
  /** Hash of the code sent (email/sms), if one was sent. */
  codeHash: string | null;
  /** When the code of `codeHash` stops working (10 minutes after it was sent). */
  codeExpiresAt?: number;
  expiresAt: number;
  wrongTries: number;
  spent: boolean;
  data: Record<string, unknown>;
}

/** A sign-in: each one is a session (device, place, activity) holding a token. */
export interface TokenRow {
  /** The session's public id (sessions list, log out one): never the token itself. */
  id: number;
  token: string;
  accountId: number;
  /** Set for tokens issued to an OAuth client by the code exchange. */
  clientId: number | null;
  scopes: string[];
  createdAt: number;
  expiresAt: number;
  lastSeenAt: number;
  deviceId: string | null;
  deviceName: string | null;
  browser: string | null;
  os: string | null;
  city: string | null;
  country: string | null;
  revokedAt: number | null;
  /** Opened by a passkey (no passkey is offered to such a session). */
  byPasskey?: boolean;
}

export interface TrustedDeviceRow {
  /** Public id (the trusted-devices list, stop trusting one): never the device id itself. */
  id: number;
  accountId: number;
  deviceId: string;
  /** When "trust this device" was ticked (the latest time). */
  since: number;
  until: number;
}

/**
 * A device an account has signed in from (by the device id the upstream
 * receives): what it looked like and where, first and last sign-in. A sign-in
 * from a device not in this table is a new-device sign-in (alert e-mail).
 */
export interface KnownDeviceRow {
  accountId: number;
  deviceId: string;
  deviceName: string | null;
  browser: string | null;
  os: string | null;
  city: string | null;
  country: string | null;
  network: 'local' | 'private' | null;
  firstSeen: number;
  lastSeen: number;
  /** The passkeys of the account made or used on this device (the passkey offer skips it). */
  passkeyIds?: string[];
  /** "Not now" to the passkey offer on this device. */
  passkeyOfferDeclined?: boolean;
}

export interface ClientRow {
  client_id: number;
  name: string;
  redirect_uris: string[];
  scopes: string[];
  /** Public clients have no secret and must use PKCE S256. */
  public: boolean;
  secret: string | null;
  firstParty: boolean;
  /** A client whose configuration is broken (client 102). */
  invalid: boolean;
}

export interface GrantRow {
  accountId: number;
  clientId: number;
  scopes: string[];
  createdAt: number;
}

export interface AuthCodeRow {
  code: string;
  clientId: number;
  accountId: number;
  redirectUri: string;
  /** PKCE S256 challenge; null only for a confidential client that sent none. */
  codeChallenge: string | null;
  scopes: string[];
  expiresAt: number;
  used: boolean;
  /** The token the code was exchanged for: revoked if the code is replayed (RFC 6749 4.1.2). */
  issuedToken: string | null;
}

export interface HistoryEvent {
  id: number;
  accountId: number;
  at: number;
  kind: string;
  deviceName: string | null;
  browser: string | null;
  os: string | null;
  city: string | null;
  country: string | null;
  detail: string | null;
}

/** A WebAuthn credential: its public key verifies the assertions. */
export interface PasskeyRow {
  /** The credential id, base64url. */
  id: string;
  accountId: number;
  /** The relying-party id it was made for: it signs in nowhere else. */
  rpId: string;
  publicKey: Uint8Array;
  /** The authenticator's signature counter (0 for those that keep none, such as synced ones). */
  counter: number;
  transports: string[];
  name: string;
  /** The authenticator's model (lower-case UUID) from the attested data; null for the all-zero one. */
  aaguid: string | null;
  backedUp: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface OutboxMessage {
  to: string;
  channel: 'email' | 'sms';
  /** The code it carries; empty for a notice (the new-device sign-in alert). */
  code: string;
  /** A notice's subject and link (the alert's link to the security history). */
  subject?: string;
  link?: string;
  text: string;
  at: number;
}

export interface CardRow {
  /** A BE card number, or a LU activation code once it was used (the LU card's name). */
  number: string;
  state: 'unactivated' | 'activated' | 'fails';
  accountId: number | null;
  /** E-mail the employer gave for the holder: onboarding's "keep the current e-mail". */
  holderEmail?: string | null;
}

export interface Store {
  region: Region;
  /** The portal's origin for this region: links in e-mails (`PORTAL_URL`). */
  portalUrl: string;
  clock: Clock;
  nextId: number;
  accounts: Map<number, Account>;
  mfaMethods: Map<number, MfaMethodRow>;
  recoveryKeys: RecoveryKeyRow[];
  challenges: Map<string, ChallengeRow>;
  tokens: Map<string, TokenRow>;
  /** token → time until which it holds a recent MFA check (sudo). */
  sudoUntil: Map<string, number>;
  trustedDevices: TrustedDeviceRow[];
  knownDevices: KnownDeviceRow[];
  /** accountId → the e-mail notices it switched off (absent: all on). */
  notificationSettings: Map<number, { new_device_sign_in: boolean }>;
  /**
   * Sign-in lockout, keyed by login and caller address (`a:<account id>|<ip>`,
   * or `l:<login>|<ip>` for a login no account has): times of failures and
   * until when the pair is locked. A stranger can lock only their own address
   * out; the owner signing in from elsewhere is not affected (docs/security.md).
   */
  signInFailures: Map<string, number[]>;
  signInLockedUntil: Map<string, number>;
  /**
   * `<account id>|<device id>` → until when that device's next sign-in needs no
   * second code: a password reset on it just proved the code's channel.
   */
  resetVouched: Map<string, number>;
  /** accountId → times of wrong second factors, across challenges. */
  mfaFailures: Map<number, number[]>;
  /** accountId → until when its second factor is paused. */
  mfaPausedUntil: Map<number, number>;
  /** Key of the made-up recipients the forgotten-password answer shows for unknown logins. */
  decoyKey: Buffer;
  clients: Map<number, ClientRow>;
  grants: GrantRow[];
  authCodes: Map<string, AuthCodeRow>;
  history: HistoryEvent[];
  outbox: OutboxMessage[];
  cards: Map<string, CardRow>;
  /** Invitation codes (BE) and activation codes (LU), still usable. */
  codes: Set<string>;
  accessRequests: { accountId: number; at: number }[];
  passkeys: Map<string, PasskeyRow>;
  /** accountId → its deletion under way. */
  deletions: Map<number, DeletionRow>;
  /** accountId → its lockdown's state (`domain/lockdown.ts`); absent: never locked. */
  lockStates: Map<number, LockState>;
  /** SHA-256 of a lock link's secret → the link (`domain/lockdown.ts`). */
  lockLinks: Map<string, LockLinkRow>;
}

function emptyTables(region: Region, clock: Clock): Omit<Store, 'portalUrl'> {
  return {
    region,
    clock,
    nextId: 1,
    accounts: new Map(),
    mfaMethods: new Map(),
    recoveryKeys: [],
    challenges: new Map(),
    tokens: new Map(),
    sudoUntil: new Map(),
    trustedDevices: [],
    knownDevices: [],
    notificationSettings: new Map(),
    signInFailures: new Map(),
    signInLockedUntil: new Map(),
    resetVouched: new Map(),
    mfaFailures: new Map(),
    mfaPausedUntil: new Map(),
    decoyKey: randomBytes(32),
    clients: new Map(),
    grants: [],
    authCodes: new Map(),
    history: [],
    outbox: [],
    cards: new Map(),
    codes: new Set(),
    accessRequests: [],
    passkeys: new Map(),
    deletions: new Map(),
    lockStates: new Map(),
    lockLinks: new Map(),
  };
}

export function createStore(
  region: Region,
  clock: Clock,
  portalUrl = `http://${region}.localhost:3000`,
): Store {
  const store: Store = { ...emptyTables(region, clock), portalUrl };
  seed(store);
  return store;
}

/** Restores the seed (`POST /__dev/reset`); the clock keeps its time. */
export function resetStore(store: Store): void {
  Object.assign(store, emptyTables(store.region, store.clock));
  seed(store);
}

function seed(store: Store): void {
  // One hash reused by all demo accounts keeps start-up fast.
  const passwordHash = hashSecret(DEMO_PASSWORD);
  for (const s of seedAccounts(store.region)) addAccount(store, s, passwordHash);
  for (const client of seedClients()) store.clients.set(client.client_id, client);
  for (const { owner, ...card } of seedCards(store.region)) {
    const accountId = owner ? (findAccountByLogin(store, owner)?.id ?? null) : card.accountId;
    store.cards.set(card.number, { ...card, accountId });
  }
  for (const code of seedCodes(store.region)) store.codes.add(code);
}
