import { type ReactNode, useId } from 'react';

/**
 * A button that may be unavailable for a reason the user should read: when
 * `reason` is set it stays focusable (aria-disabled) and shows the reason as a
 * tooltip on hover and focus, which screen readers hear as its description.
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
  const id = useId();
  if (!reason) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <span className="has-tooltip">
      <button type="button" className={className} aria-disabled="true" aria-describedby={id}>
        {children}
      </button>
      <span role="tooltip" id={id} className="tooltip">
        {reason}
      </span>
    </span>
  );
}
