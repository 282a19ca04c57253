import type { ReactNode } from 'react';
import { Focusable, Tooltip, TooltipTrigger } from 'react-aria-components/Tooltip';
import './widgets.css';

/**
 * A button that may be unavailable for a reason the user should read: when
 * `reason` is set it stays focusable (aria-disabled) and shows the reason as a
 * tooltip on hover and focus, which screen readers hear as its description.
 * React Aria places the tooltip inside the viewport (it flips and shifts).
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
  if (!reason) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <TooltipTrigger delay={200} closeDelay={100}>
      <Focusable>
        <button type="button" className={className} aria-disabled="true">
          {children}
        </button>
      </Focusable>
      <Tooltip className="tooltip" placement="top" offset={8} containerPadding={8}>
        {reason}
      </Tooltip>
    </TooltipTrigger>
  );
}
