import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorText } from './Notice';

/** One way on: a button that does something, the form's submit button, or a link to a page. */
export type Action = { label: ReactNode } & (
  | { onPress: () => void }
  | { submit: true }
  | { to: string }
);

function ActionButton({
  action,
  className,
  busy,
  saysBusy,
}: {
  action: Action;
  className: string;
  busy?: boolean;
  /** The button whose action runs: `aria-busy` while it does. */
  saysBusy?: boolean;
}) {
  if ('to' in action) {
    return (
      <Link className={className} to={action.to}>
        {action.label}
      </Link>
    );
  }
  return (
    <button
      type={'submit' in action ? 'submit' : 'button'}
      className={className}
      disabled={busy}
      aria-busy={(saysBusy && busy) || undefined}
      onClick={'onPress' in action ? action.onPress : undefined}
    >
      {action.label}
    </button>
  );
}

/**
 * The ways on from a screen, a form or a question (accept or refuse, save or
 * cancel): why the last try failed, read out above them, then the primary
 * action and the secondary one in a row. While the action runs (`busy`) its
 * buttons are disabled and the primary one says it is busy.
 */
export function Actions({
  primary,
  secondary,
  busy,
  error,
}: {
  primary: Action;
  secondary?: Action;
  busy?: boolean;
  error?: ReactNode;
}) {
  return (
    <>
      <ErrorText>{error}</ErrorText>
      <div className="actions">
        <ActionButton action={primary} className="button" busy={busy} saysBusy />
        {secondary && (
          <ActionButton action={secondary} className="button button-secondary" busy={busy} />
        )}
      </div>
    </>
  );
}
