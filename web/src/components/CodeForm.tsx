import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A code to type (sent to an e-mail or phone, or shown by an authenticator
 * app): digits only, the error under the field until the user types again.
 * `onConfirm` answers an error text, or null when the code was right.
 */
export function CodeForm({
  label,
  intro,
  length,
  onConfirm,
  onResend,
  onCancel,
}: {
  label: string;
  intro?: string;
  length: number;
  onConfirm: (code: string) => Promise<string | null>;
  onResend?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== length) return setError(t('account.common.codeInvalid'));
    setBusy(true);
    try {
      setError(await onConfirm(code));
    } catch {
      setError(t('account.common.tryLater'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      {intro && <p className="notice notice-info">{intro}</p>}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={length}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, ''));
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t('account.common.confirm')}
        </button>
        {onResend && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setResent(true);
              onResend();
            }}
          >
            {t('account.common.resend')}
          </button>
        )}
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('account.common.cancel')}
          </button>
        )}
      </div>
      <p role="status" className="status-line">
        {resent ? t('account.common.resent') : ''}
      </p>
    </form>
  );
}
