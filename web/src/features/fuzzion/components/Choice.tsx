/** One way on from the merge: its button, and under it what it means. */
export function Choice({
  label,
  text,
  secondary = false,
  disabled = false,
  onPress,
}: {
  label: string;
  text?: string;
  secondary?: boolean;
  disabled?: boolean;
  onPress: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={secondary ? 'button button-secondary' : 'button'}
        disabled={disabled}
        onClick={onPress}
      >
        {label}
      </button>
      {text && <p className="muted">{text}</p>}
    </li>
  );
}
