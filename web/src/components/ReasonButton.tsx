import { type ReactNode, useId } from 'react';
import './widgets.css';

/**
 * A button that may be unavailable for a reason the user should read: when
 * `reason` is set it stays focusable (aria-disabled) and the reason is shown
 * as a line of helper text beside it, on every device: a hover tooltip says
 * nothing on a phone. Screen readers hear it as the button's description.
 */
export function ReasonButton({
  reason,
  onClick,
  className = 'button button-secondary button-small',
  children,
}: {
  reason: string | null;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  if (!reason) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <span className="reason-button">
      <button type="button" className={className} aria-disabled="true" aria-describedby={reasonId}>
        {children}
      </button>
      <span id={reasonId} className="reason-note">
        {reason}
      </span>
    </span>
  );
}
