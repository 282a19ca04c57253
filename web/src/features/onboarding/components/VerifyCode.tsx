import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../components/CodeInput';
import { ResendCode } from '../../../components/ResendCode';

/** E-mail and SMS codes: 8 digits (spec part 5). */
const CODE_LENGTH = 8;

/**
 * The code step of the e-mail and phone verification: the code sent (8
 * digits), a new one after the countdown, or another address or number.
 * `onConfirm` answers the error to show under the field, or null when the
 * code was right (the screen moves on).
 */
export function VerifyCode({
  sentText,
  onConfirm,
  onResend,
  changeLabel,
  onChange,
}: {
  sentText: string;
  onConfirm: (code: string) => Promise<string | null>;
  onResend: () => Promise<boolean>;
  changeLabel: string;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return setError(t('flows.onboarding.codeStep.invalid'));
    setBusy(true);
    try {
      setError(await onConfirm(code));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="notice notice-info" role="status">
        {sentText}
      </p>
      <CodeInput
        label={t('flows.onboarding.codeStep.label')}
        value={code}
        onChange={(value) => {
          setCode(value.replace(/\D/g, ''));
          setError(null);
        }}
        length={CODE_LENGTH}
        hint={t('flows.onboarding.codeStep.hint')}
        error={error}
        autoFocus
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t('flows.onboarding.codeStep.confirm')}
        </button>
        <button type="button" className="link-button" onClick={onChange}>
          {changeLabel}
        </button>
      </div>
      <ResendCode onResend={onResend} />
    </form>
  );
}
