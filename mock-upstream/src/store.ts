import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';
import { DEMO_PASSWORD, seedAccounts } from './seed';

export type Region = 'be' | 'lu';

export interface ContactRow {
  id: number;
  value: string;
  default: boolean;
  verified: boolean;
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
}

export interface TokenRow {
  token: string;
  accountId: number;
  createdAt: number;
  expiresAt: number;
}

export interface Store {
  region: Region;
  clock: Clock;
  nextId: number;
  accounts: Map<number, Account>;
  tokens: Map<string, TokenRow>;
}

const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export function hashSecret(secret: string): string {
  const salt = randomBytes(16);
  // Low cost: this is a test double; the real upstream uses its own KDF settings.
  const hash = scryptSync(secret, salt, 32, { N: 1024 });
  return `${salt.toString('hex')}:${hash.toString('hex')}`;
}

export function verifySecret(secret: string, stored: string): boolean {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const hash = scryptSync(secret, Buffer.from(saltHex, 'hex'), 32, { N: 1024 });
  return timingSafeEqual(hash, Buffer.from(hashHex, 'hex'));
}

export function createStore(region: Region, clock: Clock): Store {
  const store: Store = { region, clock, nextId: 1, accounts: new Map(), tokens: new Map() };
  seed(store);
  return store;
}

/** Restores the seed (`POST /__dev/reset`). */
export function resetStore(store: Store): void {
  store.nextId = 1;
  store.accounts.clear();
  store.tokens.clear();
  seed(store);
}

function seed(store: Store): void {
  // One hash reused by all demo accounts keeps start-up fast.
  const passwordHash = hashSecret(DEMO_PASSWORD);
  for (const s of seedAccounts(store.region)) {
    const id = store.nextId++;
    const contact = (value: string, i: number): ContactRow => ({
      id: store.nextId++,
      value,
      default: i === 0,
      verified: true,
      mfa: true,
    });
    store.accounts.set(id, {
      id,
      user_id: s.user_id,
      customer_user_id: s.customer_user_id,
      fridom_user_id: s.fridom_user_id,
      email: s.email.map(contact),
      phone: s.phone.map(contact),
      firstname: s.firstname,
      lastname: s.lastname,
      birthdate: null,
      gender: null,
      language: s.language,
      passwordHash,
      password_status: s.password_status,
      last_password_change: null,
      mfa_forced: s.mfa_forced,
      mfa_customer: s.mfa_customer,
      has_sso: s.has_sso,
      sso_only: false,
    });
  }
}

export function normaliseLogin(login: string): string {
  const trimmed = login.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[\s.()-]/g, '');
}

export function findAccountByLogin(store: Store, login: string): Account | undefined {
  const wanted = normaliseLogin(login);
  for (const account of store.accounts.values()) {
    if (account.email.some((e) => e.value === wanted)) return account;
    if (account.phone.some((p) => p.value === wanted)) return account;
  }
  return undefined;
}

export function issueToken(store: Store, accountId: number): TokenRow {
  const now = store.clock.now();
  const row: TokenRow = {
    token: randomBytes(32).toString('base64url'),
    accountId,
    createdAt: now,
    expiresAt: now + TOKEN_TTL_MS,
  };
  store.tokens.set(row.token, row);
  return row;
}

export function accountForToken(store: Store, token: string | undefined): Account | undefined {
  if (!token) return undefined;
  const row = store.tokens.get(token);
  if (!row || row.expiresAt <= store.clock.now()) return undefined;
  return store.accounts.get(row.accountId);
}

export function revokeToken(store: Store, token: string): void {
  store.tokens.delete(token);
}
