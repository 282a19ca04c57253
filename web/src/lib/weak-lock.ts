import { useSyncExternalStore } from 'react';

/**
 * Whether the gateway refused a call with 403 `weak_password`: the session was
 * signed in with a weak password, and the gateway grants it nothing but
 * reading the user, replacing the password and signing out until it is
 * replaced (docs/product.md part 4). The app then sends the user to the weak-password
 * screen, wherever they were, and back there once it is done.
 */
let locked = false;
const listeners = new Set<() => void>();

export function setWeakLock(value: boolean): void {
  if (locked === value) return;
  locked = value;
  for (const listener of listeners) listener();
}

export function useWeakLock(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => locked,
    // Nobody is signed in on a server-drawn page.
    () => false,
  );
}
