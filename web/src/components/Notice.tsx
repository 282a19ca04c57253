import type { ReactNode } from 'react';

type Tone = 'success' | 'warning' | 'info' | 'error';

/** A failure said where it happened: the form layer's red line. */
// Its own module: a page that only says a failure does not load the form layer.
export { ErrorText } from './form/ErrorText';

/** A notice box that interrupts: read out as soon as it appears (an alert). */
export function Alert({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <p className={`notice notice-${tone}`} role="alert">
      {children}
    </p>
  );
}

/** A notice box that waits its turn: read out once the screen reader is done (a status). */
export function Status({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <p className={`notice notice-${tone}`} role="status">
      {children}
    </p>
  );
}
