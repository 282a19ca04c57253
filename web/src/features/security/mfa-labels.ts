import type { MfaMethod, User } from '@portal/contract';

/** The methods a user sees and manages (the recovery keys have their own screen). */
export const visibleMethods = (methods: readonly MfaMethod[]) =>
  methods
    .filter((m) => m.id > 0 && m.method !== 'totpRecovery')
    .sort((a, b) => Number(b.primary) - Number(a.primary));

/** Unused recovery keys (spec part 3: used_at null). */
export const unusedRecoveryKeys = (user: User) =>
  user.totpRecovery.filter((k) => k.used_at === null).length;

/** Whether deleting this method would leave no e-mail or SMS method (spec part 5). */
export function isLastCodeMethod(method: MfaMethod, methods: readonly MfaMethod[]): boolean {
  if (method.method !== 'email' && method.method !== 'sms') return false;
  return (
    methods.filter((m) => m.id > 0 && (m.method === 'email' || m.method === 'sms')).length <= 1
  );
}
