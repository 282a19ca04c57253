import { ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './list-row.css';

/*
 * One list row for the whole portal (method choices, sessions and devices,
 * apps, passkeys, onboarding choices): an icon, a title, a line of secondary
 * text, at most one badge, and either a chevron (the whole row is one link or
 * one button), a radio dot (`ListRadioRow`: the row is one option of a radio
 * group) or an action at the end (the row itself is static). Each row
 * has exactly one focusable target (or the action's own), a visible focus
 * ring and at least 44 px of height, so it works by thumb and by keyboard.
 * Styled in `list-row.css`.
 */

export interface CommonProps {
  /** A Lucide icon component, or any decorative node; hidden from screen readers. */
  icon?: LucideIcon | ReactNode;
  title: ReactNode;
  /** Secondary text under the title (what, where, when); may be several lines. */
  description?: ReactNode;
  /** One short status beside the title ("This device", "Current"): at most one per row. */
  badge?: ReactNode;
  /** A line under the description that stays visible on touch, e.g. why the action is disabled. */
  note?: ReactNode;
  /** The accessible name of the list item when the title alone is ambiguous. */
  label?: string;
}

type ListRowProps = CommonProps &
  (
    | { to: string; onPress?: never; action?: never }
    | {
        onPress: () => void;
        to?: never;
        action?: never;
        disabled?: boolean;
        /**
         * The row sends its form as this field (a drawn page's choice that
         * works without script); with the script, `onPress` does it instead.
         */
        submit?: { name: string; value: string };
      }
    | { action?: ReactNode; to?: never; onPress?: never }
  );

function RowIcon({ icon }: { icon: CommonProps['icon'] }) {
  if (!icon) return null;
  const isComponent =
    typeof icon === 'function' ||
    (typeof icon === 'object' && icon !== null && '$$typeof' in icon && 'render' in icon);
  const Icon = icon as LucideIcon;
  return (
    <span className="list-row-icon" aria-hidden="true">
      {isComponent ? <Icon size={20} /> : (icon as ReactNode)}
    </span>
  );
}

function RowText({ title, description, badge, note }: CommonProps) {
  return (
    <span className="list-row-text">
      <span className="list-row-title">
        {title}
        {badge && <span className="badge list-row-badge">{badge}</span>}
      </span>
      {description && <span className="list-row-description">{description}</span>}
      {note && <span className="list-row-note">{note}</span>}
    </span>
  );
}

/** What every kind of row shows: the icon, then the title, badge, description and note. */
export function RowBody(props: CommonProps) {
  return (
    <>
      <RowIcon icon={props.icon} />
      <RowText {...props} />
    </>
  );
}

export function ListRow(props: ListRowProps) {
  const { label } = props;
  const body = <RowBody {...props} />;
  const chevron = <ChevronRight className="list-row-chevron" size={20} aria-hidden="true" />;

  if (props.to !== undefined) {
    return (
      <li className="list-row" aria-label={label}>
        <Link className="list-row-target" to={props.to}>
          {body}
          {chevron}
        </Link>
      </li>
    );
  }
  if (props.onPress !== undefined) {
    return (
      <li className="list-row" aria-label={label}>
        <button
          type={props.submit ? 'submit' : 'button'}
          name={props.submit?.name}
          value={props.submit?.value}
          className="list-row-target"
          onClick={(event) => {
            event.preventDefault();
            props.onPress();
          }}
          disabled={'disabled' in props ? props.disabled : undefined}
        >
          {body}
          {chevron}
        </button>
      </li>
    );
  }
  return (
    <li className="list-row" aria-label={label}>
      <div className="list-row-static">
        {body}
        {props.action && <span className="list-row-action">{props.action}</span>}
      </div>
    </li>
  );
}

/** The list that holds ListRows: a real `ul`, named for screen readers. */
export function ListRows({
  label,
  labelledBy,
  children,
}: {
  label?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <ul className="list-rows" aria-label={label} aria-labelledby={labelledBy}>
      {children}
    </ul>
  );
}
