import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../components/CodeInput';
import { ResendCode } from '../../../components/ResendCode';
import { errorText, type PortalError } from '../../../lib/errors';
import type { CodeSent } from '../api/onboarding';
import { endsTheFlow, stepErrorOf } from '../errors';

/** E-mail and SMS codes: 8 digits (spec part 5). */
const CODE_LENGTH = 8;

/** A code that went out: what was chosen, and where it went as the account API says. */
export interface Sent<Body> {
  body: Body;
  to: string;
}

/**
 * The one verification step of the e-mail and phone screens: a code sent to
 * what the person chose (`send`), confirmed (`verify`), sent again, or another
 * address or number chosen. Each screen keeps its own words, field and check;
 * this keeps what follows from the calls. `submit` takes what the form asks
 * for, null when the screen's own check refused it (the mutation may answer
 * null too, for a check it makes itself). A failure of the sending is kept
 * here, not read from the mutation: a failed resend uses the same call and
 * must not show on the form, and one that ends the flow replaces the step.
 */
export function useVerificationStep<Request, Body extends Request & { payload: string }>({
  send,
  verify,
  invalid,
  recipientOf,
  onVerified,
}: {
  send: UseMutationResult<CodeSent<Body> | null, Error, Request>;
  verify: UseMutationResult<unknown, Error, { payload: string; code: string }>;
  /** The screen's words for an address or number refused, by its own check or by the server (400). */
  invalid: 'flows.onboarding.email.invalid' | 'flows.onboarding.phone.invalid';
  /** Where the code went when the answer does not say (what was typed). */
  recipientOf: (body: Body) => string;
  /** The code was right: what the screen keeps, and where it goes next. */
  onVerified: (sent: Sent<Body>) => void;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<Sent<Body> | null>(null);
  /** `invalid`: what was typed is not an address or number (the screen's check, or the mutation's). */
  const [error, setError] = useState<PortalError | 'invalid' | null>(null);

  const sentOf = ({ body, progress }: CodeSent<Body>): Sent<Body> => ({
    body,
    to: progress.recipient ?? recipientOf(body),
  });

  const submit = (request: Request | null) => {
    if (request === null) return setError('invalid');
    send.mutate(request, {
      onSuccess: (answer) => {
        setError(answer ? null : 'invalid');
        if (answer) setSent(sentOf(answer));
      },
      onError: (thrown) => setError(stepErrorOf(thrown, { invalid })),
    });
  };

  const failure = typeof error === 'object' ? error : null;
  const confirmFailure = verify.error ? stepErrorOf(verify.error) : null;
  // What ends the flow (gone, out of step) replaces the step, whichever call said it.
  const ended = [failure, confirmFailure].find((f) => f !== null && endsTheFlow(f)) ?? null;
  const fieldError =
    error === 'invalid' ? t(invalid) : failure && !ended ? errorText(t, failure) : null;

  return {
    sent: ended ? null : sent,
    ended,
    /** The sending's failure (an address or number in use says so below the field). */
    failure,
    fieldError,
    busy: send.isPending,
    submit,
    /** The person changes what they typed or chose: the failure goes. */
    edited: () => setError(null),
    /** What the code step (`VerifyCode`) does. */
    code: {
      // A wrong code is said under the field (null: nothing to say); one that ends the flow
      // is the mutation's error, which replaces the step (`ended`).
      onConfirm: async (code: string) => {
        if (!sent) return null;
        try {
          await verify.mutateAsync({ payload: sent.body.payload, code });
        } catch (thrown) {
          const wrong = stepErrorOf(thrown);
          return endsTheFlow(wrong) ? null : errorText(t, wrong);
        }
        onVerified(sent);
        return null;
      },
      busy: verify.isPending,
      onResend: async () => {
        if (!sent) return false;
        const answer = await send.mutateAsync(sent.body).catch(() => null);
        if (answer) setSent(sentOf(answer));
        return answer !== null;
      },
      onChange: () => {
        setSent(null);
        setError(null);
        verify.reset();
      },
    },
  };
}

/**
 * The code step of the e-mail and phone verification: the code sent (8
 * digits), a new one after the countdown, or another address or number.
 * `onConfirm` answers the error to show under the field, or null when the
 * code was right (the screen moves on); `busy` while it checks. What the last
 * check said stays until the next answer (the field keeps its focus meanwhile).
 */
export function VerifyCode({
  sentText,
  onConfirm,
  busy,
  onResend,
  changeLabel,
  onChange,
  children,
}: {
  sentText: string;
  onConfirm: (code: string) => Promise<string | null>;
  busy: boolean;
  onResend: () => Promise<boolean>;
  changeLabel: string;
  onChange: () => void;
  /** What a missing code may mean, under the resend. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeField = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) return setError(t('flows.onboarding.codeStep.invalid'));
    setError(await onConfirm(code));
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
        inputRef={codeField}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t('flows.onboarding.codeStep.confirm')}
        </button>
        <button type="button" className="link-button" onClick={onChange}>
          {changeLabel}
        </button>
      </div>
      <ResendCode onResend={onResend} codeField={codeField} />
      {children}
    </form>
  );
}
