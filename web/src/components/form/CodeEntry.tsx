import { type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { ResendCode } from '../ResendCode';
import { Form, type FormProps, SubmitButton } from './Form';
import { TextField } from './fields';

/** docs/product.md part 5: a code is letters and digits only. */
export const onlyCodeCharacters = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');

/**
 * A refused code in the code entry's words: a 422 shows its own message
 * (docs/product.md part 8), a malformed, unknown or spent one "The code is invalid.".
 */
export const CODE_TEXTS = {
  invalid: 'account.common.codeInvalid',
  notFound: 'account.common.codeInvalid',
  gone: 'account.common.codeInvalid',
  fallback: 'account.common.tryLater',
} as const satisfies ErrorTexts;

export interface CodeEntryProps
  extends Pick<FormProps, 'method' | 'action' | 'className' | 'aria-label'> {
  label: string;
  /** A line above the field (where the code went). */
  intro?: ReactNode;
  /** The method's length (8 e-mail/SMS/card, 6 authenticator app; the longest for a recovery key). */
  length: number;
  /** Under the label; "N-digit code" by default, nothing with "". */
  hint?: string;
  /** A numeric keyboard on phones (codes; not recovery keys). */
  numeric?: boolean;
  /** Sent by itself once complete (typed or pasted): every code but a recovery key. */
  autoSubmit?: boolean;
  /**
   * A recovery key: letters and digits of any length up to `length`, no
   * numeric keyboard, no hint, sent with Confirm only.
   */
  recoveryKey?: boolean;
  autoFocus?: boolean;
  /** The code typed, when the screen keeps it (else the entry does). */
  value?: string;
  onChange?: (code: string) => void;
  /** Sends the code (the mutation's `mutate`); the form's other fields come with it. */
  onSubmit: (code: string, values: Readonly<Record<string, string>>) => void;
  /**
   * The mutation that checks the code: busy while it runs (the code sent by
   * itself is not sent again by a press on Confirm), its refusal said at the
   * field, and forgotten once the code changes or is sent again.
   */
  mutation: { isPending: boolean; isError: boolean; error: unknown; reset: () => void };
  texts?: ErrorTexts;
  /** The screen's words for a code sent incomplete; "The code is invalid." by default. */
  incomplete?: string;
  /** A refusal already in words (a journey step's), said at the field. */
  refusal?: string | null;
  submitLabel?: string;
  /** Whether a new code went out; "Send a new code" with its countdown when given. */
  onResend?: () => Promise<boolean>;
  /** On a drawn page: the resend button's name, for the form sent without script. */
  resendName?: string;
  /** Other ways to a new code beside "Send a new code" (by the other channel), in the form. */
  resendOptions?: ReactNode;
  onCancel?: () => void;
  /** A journey page's own button beside Confirm instead of Cancel (Back), and their row's class. */
  secondary?: ReactNode;
  actionsClassName?: string;
  /** What follows the resend (what a missing code may mean). */
  footer?: ReactNode;
  /** Fields of the step before the code (the card's number). */
  leading?: ReactNode;
  /** Fields of the step between the code and the buttons (the trust-device check box). */
  children?: ReactNode;
  /** The code's input, for the screen to put the cursor back in it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

/**
 * The one code entry (docs/journeys-signin.md): letters and digits only, at
 * most the method's length (a pasted "1234 5678" loses its space, not its last
 * digits), sent by itself when complete, the refusal at the field with the
 * code selected so that the next one replaces it, "Send a new code" and the
 * step's own fields (trust this device) where present. Its input is named
 * `code`: a drawn page's form works without script.
 */
export function CodeEntry({
  label,
  intro,
  length,
  hint,
  recoveryKey = false,
  numeric = !recoveryKey,
  autoSubmit = !recoveryKey,
  autoFocus = true,
  value: kept,
  onChange,
  onSubmit,
  mutation,
  texts = CODE_TEXTS,
  incomplete,
  refusal,
  submitLabel,
  onResend,
  resendName,
  resendOptions,
  onCancel,
  secondary,
  actionsClassName = 'actions',
  footer,
  leading,
  children,
  inputRef,
  ...formProps
}: CodeEntryProps) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLInputElement>(null);
  const field = inputRef ?? ownRef;
  const introId = useId();
  const [own, setOwn] = useState('');
  const value = kept ?? own;
  const error = mutation.error;
  const message = refusal ?? (error ? errorText(t, errorOf(error, texts)) : null);
  const forget = () => clearFailure(mutation);
  const atField = message ? { field: 'code', message } : null;
  const check = useMemo(
    () => (code: string) =>
      (recoveryKey ? code.length > 0 : code.length === length)
        ? null
        : (incomplete ?? t('account.common.codeInvalid')),
    [length, recoveryKey, incomplete, t],
  );
  // A refused code is selected, so that the next one typed replaces it.
  useEffect(() => {
    if (!message) return;
    field.current?.focus();
    field.current?.select();
  }, [message, field]);

  return (
    <Form
      {...formProps}
      busy={mutation.isPending}
      refusal={atField}
      onSubmit={(values) => {
        forget();
        onSubmit(values.code ?? value, values);
      }}
    >
      {intro && (
        <p id={introId} className="notice notice-info">
          {intro}
        </p>
      )}
      {leading}
      <TextField
        label={label}
        name="code"
        description={hint ?? (recoveryKey ? undefined : t('forms.code.hint', { count: length }))}
        value={value}
        onChange={(typed) => {
          const next = onlyCodeCharacters(typed).slice(0, length);
          setOwn(next);
          onChange?.(next);
          forget();
          if (autoSubmit && next.length === length && next !== value) {
            // Through the form, as a press on Confirm: checked, and not twice while busy.
            queueMicrotask(() => field.current?.form?.requestSubmit());
          }
        }}
        validate={check}
        inputRef={field}
        input={{
          className: 'code-input',
          inputMode: numeric ? 'numeric' : 'text',
          autoComplete: 'one-time-code',
          autoCapitalize: 'characters',
          spellCheck: false,
          // The code is the one thing on this screen: the cursor starts in it.
          autoFocus,
        }}
      />
      {children}
      <div className={actionsClassName}>
        <SubmitButton className={onCancel || secondary ? 'button' : 'button button-block'}>
          {submitLabel ?? t('account.common.confirm')}
        </SubmitButton>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('account.common.cancel')}
          </button>
        )}
        {secondary}
      </div>
      {resendOptions ? (
        <div className="resend-options">
          {onResend && <ResendCode onResend={onResend} codeField={field} submitName={resendName} />}
          {resendOptions}
        </div>
      ) : (
        onResend && <ResendCode onResend={onResend} codeField={field} submitName={resendName} />
      )}
      {footer}
    </Form>
  );
}
