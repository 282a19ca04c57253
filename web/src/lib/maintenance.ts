import { useSyncExternalStore } from 'react';

/**
 * Whether the gateway said it is in maintenance (503 `maintenance`): every
 * screen then gives way to the maintenance screen (docs/product.md part 8).
 */
let down = false;
const listeners = new Set<() => void>();

export function setMaintenance(value: boolean): void {
  if (down === value) return;
  down = value;
  for (const listener of listeners) listener();
}

export function useMaintenance(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => down,
    // A drawn page is never one in maintenance by a call (the config says so before).
    () => false,
  );
}
