import type { MfaMethod } from '@portal/contract';

/** Whether deleting this method would leave no e-mail or SMS method (docs/product.md part 5). */
export function isLastCodeMethod(method: MfaMethod, methods: readonly MfaMethod[]): boolean {
  if (method.method !== 'email' && method.method !== 'sms') return false;
  return (
    methods.filter((m) => m.id > 0 && (m.method === 'email' || m.method === 'sms')).length <= 1
  );
}
