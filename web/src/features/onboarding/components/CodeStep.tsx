import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../components/CodeInput';
import { ResendCode } from '../../../components/ResendCode';
import { errorOf, errorText } from '../../../lib/errors';
import { useCode, useResend } from '../api/onboarding';
import { BackButton, type Refusal } from './StepPage';

/** E-mail and SMS codes: 8 digits (docs/product.md part 5). */
const CODE_LENGTH = 8;

/**
 * The code step of the e-mail and phone pages: the code sent (8 digits),
 * which sends itself once complete (docs/journeys-signin.md), a new one after
 * the countdown, or another address or number (Back). One form: without
 * script its buttons are the gateway's steps (`code`, `resend`, `back`).
 */
export function CodeStep({
  sentText,
  changeLabel,
  drawnRefusal,
  children,
}: {
  sentText: string;
  changeLabel: string;
  /** The refusal of the code the gateway drew the page again for (no script). */
  drawnRefusal: Refusal | null;
  /** What a missing code may mean, under the resend. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const confirm = useCode();
  const resend = useResend();
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [edited, setEdited] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const { status, body } = (confirm.error ?? {}) as { status?: number; body?: { code?: string } };
  // A wrong or expired code at the field; anything else (a pause, the journey over) as it is.
  const refused = !confirm.error
    ? !edited && drawnRefusal
      ? drawnRefusal.text
      : null
    : status === 400
      ? t(
          body?.code === 'code_expired'
            ? 'flows.onboarding.codeStep.expired'
            : 'flows.onboarding.codeStep.invalid',
        )
      : status === 409 || status === 410
        ? t('flows.onboarding.errors.expired')
        : errorText(t, errorOf(confirm.error));
  const error = tooShort ? t('flows.onboarding.codeStep.invalid') : refused;

  const submit = (event?: FormEvent, typed = code) => {
    event?.preventDefault();
    if (confirm.isPending) return;
    if (typed.length !== CODE_LENGTH) return setTooShort(true);
    confirm.mutate(typed);
  };

  return (
    <form method="post" onSubmit={submit} noValidate>
      <p className="notice notice-info" role="status">
        {sentText}
      </p>
      <CodeInput
        label={t('flows.onboarding.codeStep.label')}
        value={code}
        onChange={(value) => {
          setCode(value.replace(/\D/g, ''));
          setTooShort(false);
          setEdited(true);
          confirm.reset();
        }}
        length={CODE_LENGTH}
        hint={t('flows.onboarding.codeStep.hint')}
        error={error}
        inputRef={codeField}
        onComplete={(value) => submit(undefined, value)}
      />
      <div className="onboarding-actions">
        <button type="submit" className="button" disabled={confirm.isPending}>
          {t('flows.onboarding.codeStep.confirm')}
        </button>
        <BackButton label={changeLabel} />
      </div>
      <ResendCode submitName="resend" codeField={codeField} onResend={() => resend.mutateAsync()} />
      {children}
    </form>
  );
}
