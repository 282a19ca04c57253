import type { MfaMethod, User } from '@portal/contract';
import { unusedRecoveryKeys, visibleMethods } from '../../lib/mfa-methods';
import type { RouteName } from '../../lib/routes';

/** A password older than this is worth changing (NIST no longer asks for a schedule; a year is a nudge, not a rule). */
const PASSWORD_AGE_DAYS = 365;

/** One thing that would make the account safer, and the screen where it is done. */
export type Advice =
  | { kind: 'mfaOff'; to: RouteName }
  | { kind: 'noRecoveryKeys'; to: RouteName }
  | { kind: 'unconfirmedEmail' | 'unconfirmedPhone'; value: string; to: RouteName }
  | { kind: 'oldPassword'; since: string; to: RouteName };

/**
 * The dashboard's security checkup: what the user could do to keep the
 * account safe, most important first. `methods` is null while the MFA methods
 * are not known (the advice that needs them is then left out).
 */
export function checkupAdvice(
  user: User,
  methods: readonly MfaMethod[] | null,
  now = Date.now(),
): Advice[] {
  const advice: Advice[] = [];
  if (methods) {
    const active = visibleMethods(methods);
    if (active.length === 0) advice.push({ kind: 'mfaOff', to: 'security.mfa-edit' });
    else if (active.some((m) => m.method === 'totp') && unusedRecoveryKeys(user) === 0) {
      advice.push({ kind: 'noRecoveryKeys', to: 'security.edit-recovery' });
    }
  }
  for (const email of user.email) {
    if (!email.verified) {
      advice.push({ kind: 'unconfirmedEmail', value: email.value, to: 'profile.edit-credentials' });
    }
  }
  for (const phone of user.phone) {
    if (!phone.verified) {
      advice.push({ kind: 'unconfirmedPhone', value: phone.value, to: 'profile.edit-credentials' });
    }
  }
  const since = user.last_password_change;
  if (since && now - Date.parse(since) > PASSWORD_AGE_DAYS * 24 * 3600 * 1000) {
    advice.push({ kind: 'oldPassword', since, to: 'security.edit-password' });
  }
  return advice;
}
