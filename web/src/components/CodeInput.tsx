import { type RefObject, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** docs/product.md part 5: a code is letters and digits only. */
export const onlyCodeCharacters = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');

/**
 * The MFA code entry (docs/product.md part 5): letters and digits only, at most the
 * method's length (8 e-mail/SMS/card, 6 authenticator app, longer for a
 * recovery key). A wrong code shows its error under the field and marks the
 * field invalid; typing clears it (`onChange` is the place to drop the error).
 * The cursor is in the field when it appears and after a refused code (its
 * text selected, so that the next code replaces it); a complete code is sent
 * by `onComplete` without a tap on Confirm (docs/journeys-signin.md).
 */
export function CodeInput({
  label,
  value,
  onChange,
  length,
  error,
  hint,
  numeric = true,
  autoFocus = true,
  onComplete,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  length: number;
  error?: string | null;
  /** Shown under the label; defaults to "N-digit code". */
  hint?: string;
  /** Shows a numeric keyboard on phones (codes; not recovery keys). */
  numeric?: boolean;
  autoFocus?: boolean;
  /** Called when typing or pasting makes the code complete (not for recovery keys). */
  onComplete?: (code: string) => void;
  /** The field, for the screen to put the cursor back in it (after "send a new code"). */
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ownRef = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? ownRef;
  useEffect(() => {
    if (!error) return;
    ref.current?.focus();
    ref.current?.select();
  }, [error, ref]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <span id={`${id}-hint`} className="hint">
        {hint ?? t('forms.code.hint', { count: length })}
      </span>
      <input
        ref={ref}
        id={id}
        name="code"
        className="code-input"
        inputMode={numeric ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: the code is the one thing on this screen
        autoFocus={autoFocus}
        // Not maxLength: a pasted "1234 5678" must lose its space, not its last digits.
        value={value}
        onChange={(e) => {
          const next = onlyCodeCharacters(e.target.value).slice(0, length);
          onChange(next);
          if (onComplete && next.length === length && next !== value) onComplete(next);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
