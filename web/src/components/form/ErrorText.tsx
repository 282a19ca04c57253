import type { ReactNode } from 'react';

/**
 * A failure said in a red line where it happened, read out at once (an alert);
 * nothing while there is nothing to say (`{failed && text}`).
 */
export function ErrorText({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="error" role="alert">
      {children}
    </p>
  );
}
