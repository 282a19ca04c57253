/**
 * One way on from the merge: its button, and under it what it means. Inside
 * the screen's `<form method="post">` it sends `decision=<value>` without
 * script; with it, `onPress` sends the same step as JSON.
 */
export function Choice({
  label,
  text,
  secondary = false,
  disabled = false,
  value,
  onPress,
}: {
  label: string;
  text?: string;
  secondary?: boolean;
  disabled?: boolean;
  /** The decision the button sends as a form. */
  value: string;
  onPress: () => void;
}) {
  return (
    <li>
      <button
        type="submit"
        name="decision"
        value={value}
        className={secondary ? 'button button-secondary' : 'button'}
        disabled={disabled}
        onClick={(event) => {
          event.preventDefault();
          onPress();
        }}
      >
        {label}
      </button>
      {text && <p className="muted">{text}</p>}
    </li>
  );
}
