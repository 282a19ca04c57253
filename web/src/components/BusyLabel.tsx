import type { ReactNode } from 'react';

/**
 * A button's label while its action runs: a spinner before the same words (so
 * the button keeps its name). Put `aria-busy` and `disabled` on the button.
 */
export function BusyLabel({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </>
  );
}
