import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, type SeedAccount, seedAccounts } from '../seed';
import { addAccount, hashSecret, normaliseLogin, type Store } from '../store';

/** What a test needs to sign a cloned account in and read its codes. */
export interface ClonedAccount {
  login: string;
  email: string;
  phone: string;
  password: string;
  /** The authenticator secret, when the demo account has an authenticator app. */
  totp_secret: string | null;
  recovery_keys: string[];
  /** The clone of the account a duplicate merge finds, when the demo account has one. */
  duplicate_of: string | null;
}

let clones = 0;

/** A mobile number no seeded account uses: +32 479 … in Belgium, +352 691 … in Luxembourg. */
function freshPhone(store: Store, n: number): string {
  const digits = String(n).padStart(6, '0');
  return store.region === 'lu' ? `+352691${digits}` : `+32479${digits}`;
}

/**
 * Adds a copy of a demo account under new logins (`employee+t1a2b3c@example.be`,
 * a fresh mobile number), with the seed's password, MFA methods, recovery keys and
 * flags, so that each browser test changes an account no other test signs in to.
 * A demo account a merge pairs with another (`duplicate@example.be`) brings a copy
 * of that other account too. Answers undefined for a login the seed does not have.
 */
export function cloneDemoAccount(store: Store, login: string): ClonedAccount | undefined {
  const seeds = seedAccounts(store.region);
  const wanted = normaliseLogin(login);
  const source = seeds.find((s) => s.email.includes(wanted) || s.phone.includes(wanted));
  if (!source) return undefined;
  const tag = `t${randomBytes(3).toString('hex')}`;
  const renamed = new Map<string, string>();
  const rename = (s: SeedAccount) => {
    for (const email of s.email) {
      const [local, domain] = email.split('@');
      renamed.set(email, `${local}+${tag}@${domain}`);
    }
    for (const phone of s.phone) renamed.set(phone, freshPhone(store, ++clones));
  };
  const other = source.duplicateOf
    ? seeds.find((s) => s.email.includes(source.duplicateOf ?? ''))
    : undefined;
  rename(source);
  if (other) rename(other);
  const copy = (s: SeedAccount): SeedAccount => ({
    ...s,
    email: s.email.map((e) => renamed.get(e) ?? e),
    phone: s.phone.map((p) => renamed.get(p) ?? p),
    mfa: s.mfa.map((m) => ({ ...m, target: m.target && (renamed.get(m.target) ?? m.target) })),
    duplicateOf: s.duplicateOf && (renamed.get(s.duplicateOf) ?? s.duplicateOf),
    // The national register number finds one account (forgotten username): the seed's.
    national_register_number: null,
  });
  const passwordHash = hashSecret(DEMO_PASSWORD);
  const clone = copy(source);
  addAccount(store, clone, passwordHash);
  if (other) addAccount(store, copy(other), passwordHash);
  const email = clone.email[0] ?? '';
  return {
    login: email,
    email,
    phone: clone.phone[0] ?? '',
    password: DEMO_PASSWORD,
    totp_secret: clone.mfa.find((m) => m.method === 'totp')?.secret ?? null,
    recovery_keys: clone.recoveryKeys,
    duplicate_of: clone.duplicateOf,
  };
}
