import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorTexts } from '../lib/errors';
import { CodeInput } from './CodeInput';
import { ResendCode } from './ResendCode';

/**
 * A refused code in the code form's words: a 422 shows its own message (spec
 * part 8), a malformed, unknown or spent one "The code is invalid.".
 */
export const CODE_TEXTS = {
  invalid: 'account.common.codeInvalid',
  notFound: 'account.common.codeInvalid',
  gone: 'account.common.codeInvalid',
  fallback: 'account.common.tryLater',
} as const satisfies ErrorTexts;

/**
 * A code to confirm a new e-mail, phone or MFA method: the shared code field
 * (letters and digits, the error under it until the user types again) and,
 * for codes that were sent, the resend link with its countdown. `onConfirm`
 * answers an error text, or null when the code was right; `onResend` whether
 * a new code went out.
 */
export function CodeForm({
  label,
  intro,
  length,
  onConfirm,
  onResend,
  onCancel,
  autoFocus = true,
}: {
  label: string;
  intro?: string;
  length: number;
  /**
   * The cursor in the field when the form appears (default). Off where the
   * field comes after what must be read first: on a phone the browser would
   * scroll the field into view past the steps above it.
   */
  autoFocus?: boolean;
  onConfirm: (code: string) => Promise<string | null>;
  onResend?: () => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  const submit = async (event?: FormEvent, typed = code) => {
    event?.preventDefault();
    if (busy) return;
    if (typed.length !== length) return setError(t('account.common.codeInvalid'));
    setBusy(true);
    try {
      setError(await onConfirm(typed));
    } catch {
      setError(t('account.common.tryLater'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {intro && <p className="notice notice-info">{intro}</p>}
      <CodeInput
        label={label}
        value={code}
        length={length}
        error={error}
        onChange={(value) => {
          setCode(value);
          setError(null);
        }}
        onComplete={(value) => void submit(undefined, value)}
        autoFocus={autoFocus}
        inputRef={field}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t('account.common.confirm')}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('account.common.cancel')}
          </button>
        )}
      </div>
      {onResend && <ResendCode onResend={onResend} codeField={field} />}
    </form>
  );
}
