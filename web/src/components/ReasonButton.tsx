import { type ReactNode, useId } from 'react';
import { Focusable, Tooltip, TooltipTrigger } from 'react-aria-components/Tooltip';
import './widgets.css';

/**
 * A button that may be unavailable for a reason the user should read: when
 * `reason` is set it stays focusable (aria-disabled) and shows the reason as a
 * tooltip on hover and focus; screen readers hear it as the button's
 * description whether or not the tooltip shows.
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
  const reasonId = useId();
  if (!reason) {
    return (
      <button type="button" className={className} onClick={onClick}>
        {children}
      </button>
    );
  }
  return (
    <>
      {/* The reason is the button's description at all times, not only while the tooltip shows. */}
      <span id={reasonId} className="visually-hidden">
        {reason}
      </span>
      <TooltipTrigger delay={200} closeDelay={100}>
        <Focusable>
          <button
            type="button"
            className={className}
            aria-disabled="true"
            aria-describedby={reasonId}
          >
            {children}
          </button>
        </Focusable>
        <Tooltip className="tooltip" placement="top" offset={8} containerPadding={8}>
          {reason}
        </Tooltip>
      </TooltipTrigger>
    </>
  );
}
