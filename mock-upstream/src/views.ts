import { IbanCountry, type User } from '@portal/contract';
import type { Account, Store } from './store';

/**
 * The wire view of an account: never its password hash or secrets. Pass the
 * store so that `totpRecovery` lists the recovery keys (used or not, never the
 * keys themselves).
 */
export function toUser(account: Account, store: Pick<Store, 'recoveryKeys' | 'lockStates'>): User {
  const sortDefaultFirst = <T extends { default: boolean }>(rows: T[]) =>
    [...rows].sort((a, b) => Number(b.default) - Number(a.default));
  return {
    id: account.id,
    user_id: account.user_id,
    customer_user_id: account.customer_user_id,
    fridom_user_id: account.fridom_user_id,
    email: sortDefaultFirst(account.email),
    phone: sortDefaultFirst(account.phone),
    totpRecovery: store.recoveryKeys
      .filter((k) => k.accountId === account.id)
      .map((k) => ({ used_at: k.used_at === null ? null : new Date(k.used_at).toISOString() })),
    firstname: account.firstname,
    lastname: account.lastname,
    birthdate: account.birthdate,
    gender: account.gender,
    language: account.language,
    password_status: account.password_status,
    last_password_change: account.last_password_change,
    mfa_forced: account.mfa_forced,
    mfa_customer: account.mfa_customer,
    has_sso: account.has_sso,
    sso_only: account.sso_only,
    iban: account.iban,
    iban_country: IbanCountry.safeParse(account.iban_country).data ?? null,
    sso_email: account.sso_email,
    ...(store.lockStates.get(account.id)?.review ? { security_review: true } : {}),
  };
}
