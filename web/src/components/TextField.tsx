import type { ComponentType, InputHTMLAttributes, ReactNode } from 'react';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { id: string };

interface TextFieldProps
  extends Omit<InputProps, 'aria-invalid' | 'aria-describedby' | 'children'> {
  label: ReactNode;
  /** What to type, under the label (`<id>-hint`, read with the input). */
  hint?: ReactNode;
  /** Why the value is refused, under the input (`<id>-error`), read out when it appears. */
  error?: ReactNode;
  /** Marks the input as wrongly filled (aria-invalid); by default, when there is an `error`. */
  invalid?: boolean;
  /** A message elsewhere that says why (one for the whole form). */
  describedBy?: string;
  /** The input itself: a plain one, or `PasswordInput` with its "Show password" toggle. */
  input?: ComponentType<InputProps>;
  /** A message of the screen's own under the input, inside the field. */
  children?: ReactNode;
}

/**
 * A labelled text field of a form: the label, its hint, the input and why it
 * was refused, the input described by the hint and the messages (the field's
 * own and the form's) and marked invalid while refused.
 */
export function TextField({
  label,
  hint,
  error,
  invalid = Boolean(error),
  describedBy,
  input: Input,
  children,
  ...props
}: TextFieldProps) {
  const { id } = props;
  const described = [hint && `${id}-hint`, error && `${id}-error`, describedBy].filter(Boolean);
  const inputProps = {
    ...props,
    'aria-invalid': invalid || undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {Input ? <Input {...inputProps} /> : <input {...inputProps} />}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {children}
    </div>
  );
}
