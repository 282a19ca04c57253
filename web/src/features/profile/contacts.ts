import type { ContactEntry, MfaMethod } from '@portal/contract';

export type Kind = 'email' | 'phone';

/** A code was sent to a new or unverified entry; the user types it in. */
export interface Pending {
  kind: Kind;
  id: number;
  value: string;
  payload: string;
}

/** Why an entry cannot be deleted (docs/product.md part 5), or null when it can. */
export function deleteBlocker(
  kind: Kind,
  entry: ContactEntry,
  entries: readonly ContactEntry[],
  methods: readonly MfaMethod[],
): 'lastEmail' | 'lastPhone' | 'primary' | 'lastMfa' | null {
  if (entries.length <= 1) return kind === 'email' ? 'lastEmail' : 'lastPhone';
  if (entry.default) return 'primary';
  const codeMethods = methods.filter(
    (m) => m.id > 0 && (m.method === 'email' || m.method === 'sms'),
  );
  const method = kind === 'email' ? 'email' : 'sms';
  const isMethod = codeMethods.some((m) => m.method === method && m.target === entry.value);
  if (isMethod && codeMethods.length <= 1) return 'lastMfa';
  return null;
}
