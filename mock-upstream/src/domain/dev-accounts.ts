import { randomBytes } from 'node:crypto';
import {
  DEMO_PASSWORD,
  DEMO_RECOVERY_KEYS,
  DEMO_TOTP_SECRET,
  type SeedAccount,
  seedAccounts,
  seedCards,
} from '../seed';
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
  /** The copy's activated cards (copies of the demo account's, under new numbers). */
  cards: string[];
  /** The cards of the copied account a duplicate merge finds (its card proves it in the merge). */
  duplicate_cards: string[];
}

/**
 * What a test may change on its copy, beside the demo account's own data: the
 * second-factor methods (in order, the first primary; `[]` for none), a second
 * factor the account must set up (forced MFA), a password the weak-password rule
 * asks to change, the account's language.
 */
export interface CloneOptions {
  mfa?: ('email' | 'sms' | 'totp')[];
  mfa_forced?: boolean;
  weak_password?: boolean;
  language?: SeedAccount['language'];
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
export function cloneDemoAccount(
  store: Store,
  login: string,
  options: CloneOptions = {},
): ClonedAccount | undefined {
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
  const clone = withOptions(copy(source), options);
  const cards = copyCards(store, source, addAccount(store, clone, passwordHash).id);
  const duplicateCards = other
    ? copyCards(store, other, addAccount(store, copy(other), passwordHash).id)
    : [];
  const email = clone.email[0] ?? '';
  return {
    login: email,
    email,
    phone: clone.phone[0] ?? '',
    password: DEMO_PASSWORD,
    totp_secret: clone.mfa.find((m) => m.method === 'totp')?.secret ?? null,
    recovery_keys: clone.recoveryKeys,
    duplicate_of: clone.duplicateOf,
    cards,
    duplicate_cards: duplicateCards,
  };
}

/** Copies of the seed's cards of `source` (Emma's 0003, Dana's 0006) for the copy `accountId`. */
function copyCards(store: Store, source: SeedAccount, accountId: number): string[] {
  const owned = seedCards(store.region).filter((c) => c.owner && source.email.includes(c.owner));
  return owned.map(({ owner: _owner, ...card }) => {
    const number = `50657${String(++clones).padStart(11, '0')}`;
    store.cards.set(number, { ...card, number, accountId });
    return number;
  });
}

/** The copy with a test's choices (CloneOptions) over the demo account's own. */
function withOptions(account: SeedAccount, options: CloneOptions): SeedAccount {
  const changed = { ...account };
  if (options.mfa) {
    const secret = account.mfa.find((m) => m.method === 'totp')?.secret ?? DEMO_TOTP_SECRET;
    changed.mfa = options.mfa.map((method) => {
      if (method === 'totp') return { method, target: null, secret };
      return { method, target: (method === 'email' ? account.email[0] : account.phone[0]) ?? null };
    });
    // An authenticator app comes with its recovery keys, offered as a method of their own.
    const keys = account.recoveryKeys.length > 0 ? account.recoveryKeys : DEMO_RECOVERY_KEYS;
    changed.recoveryKeys = options.mfa.includes('totp') ? keys : [];
    if (options.mfa.includes('totp')) changed.mfa.push({ method: 'totpRecovery', target: null });
  }
  if (options.mfa_forced !== undefined) changed.mfa_forced = options.mfa_forced;
  if (options.weak_password !== undefined) changed.password_status = options.weak_password ? 1 : 0;
  if (options.language) changed.language = options.language;
  return changed;
}
