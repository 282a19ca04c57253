import type { SetupStarted } from '@portal/contract';

const KEY = 'mfaSetup';

/**
 * The method waiting for its code between the e-mail/phone step and the
 * confirmation screen. Kept in session storage so that a reload of the
 * confirmation screen still works; gone with the tab and at logout.
 */
export const pendingSetup = {
  get(): SetupStarted | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as SetupStarted) : null;
    } catch {
      return null;
    }
  },
  set(value: SetupStarted): void {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(value));
    } catch {
      // Storage unavailable: the confirmation screen asks to start again.
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
  },
};
