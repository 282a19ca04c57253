import type { SeedAccount } from '../seed';
import type { Account, ContactRow, Store } from '../store';
import { hashSecret, nextId } from './ids';

/** The accounts: adding one as the seed describes it, and finding one by a login. */

/** Adds one account as the seed describes it (its contacts verified, its MFA methods active). */
export function addAccount(store: Store, s: SeedAccount, passwordHash: string): Account {
  const now = store.clock.now();
  const id = nextId(store);
  const contact = (value: string, i: number): ContactRow => ({
    id: nextId(store),
    value,
    default: i === 0,
    verified: true,
    mfa: true,
  });
  const account: Account = {
    id,
    user_id: s.user_id,
    customer_user_id: s.customer_user_id,
    fridom_user_id: s.fridom_user_id,
    email: s.email.map(contact),
    phone: s.phone.map(contact),
    firstname: s.firstname,
    lastname: s.lastname,
    birthdate: s.birthdate,
    gender: s.gender,
    language: s.language,
    passwordHash,
    password_status: s.password_status,
    last_password_change: new Date(now - 90 * 24 * 3600 * 1000).toISOString(),
    mfa_forced: s.mfa_forced,
    mfa_customer: s.mfa_customer,
    has_sso: s.has_sso,
    sso_only: false,
    iban: s.iban,
    iban_country: s.iban ? s.iban.slice(0, 2) : null,
    sso_email: null,
    company: s.company,
    duplicateOf: s.duplicateOf,
    national_register_number: s.national_register_number,
    marketing: false,
  };
  store.accounts.set(id, account);
  for (const [i, m] of s.mfa.entries()) {
    const methodId = nextId(store);
    store.mfaMethods.set(methodId, {
      id: methodId,
      accountId: id,
      method: m.method,
      target: m.target,
      secret: m.secret ?? null,
      primary: i === 0,
      active: true,
      createdAt: now,
    });
  }
  for (const key of s.recoveryKeys) {
    store.recoveryKeys.push({ accountId: id, hash: hashSecret(key), used_at: null });
  }
  return account;
}

export function normaliseLogin(login: string): string {
  const trimmed = login.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/[\s.()-]/g, '');
}

export function findAccountByLogin(store: Store, login: string): Account | undefined {
  const wanted = normaliseLogin(login);
  for (const account of store.accounts.values()) {
    // An address added but not yet verified is not a login (anyone could type it in).
    if (account.email.some((e) => e.value === wanted && e.verified)) return account;
    if (account.phone.some((p) => p.value === wanted && p.verified)) return account;
  }
  return undefined;
}
