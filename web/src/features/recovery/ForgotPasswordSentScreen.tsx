import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeInput } from '../../components/CodeInput';
import { ErrorText } from '../../components/Notice';
import { ResendCode } from '../../components/ResendCode';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { type ForgotState, forgotPassword } from '../../lib/flow-state';
import { typedOrMasked, useContactFormat } from '../../lib/phone';
import { href } from '../../lib/routes';
import { useCheckResetCode, useForgotPassword } from './api/recovery';

/** A wrong, expired or spent code (422) in the code field's words. */
const CHECK_TEXTS = { rejected: 'forms.code.invalid' } as const satisfies ErrorTexts;

/**
 * Forgot password, sent (spec part 2): where the code went and the code
 * entry, checked here (a wrong code is refused where it was typed); a new
 * code by the same channel with its countdown, or by the other channel; and
 * a way back to change the address or number.
 */
export default function ForgotPasswordSentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<ForgotState | null>(() => forgotPassword.get());
  const [code, setCode] = useState(state?.code ?? '');
  const codeField = useRef<HTMLInputElement>(null);
  /** The code has the wrong length (checked before sending). */
  const [tooShort, setTooShort] = useState(false);
  const check = useCheckResetCode();
  const resend = useForgotPassword();
  const byOther = useForgotPassword();
  const error = tooShort
    ? t('forms.code.invalid')
    : check.error
      ? errorText(t, errorOf(check.error, CHECK_TEXTS))
      : null;
  const clear = () => {
    setTooShort(false);
    clearFailure(check);
  };
  const show = useContactFormat();

  if (!state) return <Restart />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 8) return setTooShort(true);
    check.mutate(
      { payload: state.payload, code },
      {
        onSuccess: () => {
          forgotPassword.set({ ...state, code });
          navigate(href('reset-password'));
        },
      },
    );
  };

  /** A new code, by this channel (`resend`) or the other one: the form starts again with it. */
  const send = async (by: typeof resend, technology: 'email' | 'sms') => {
    const next = await by.mutateAsync({ login: state.login, technology });
    if (!next) return false;
    setState(next);
    setCode('');
    clear();
    return true;
  };

  const channel = state.technology === 'SMS' ? 'sms' : 'email';
  const other = channel === 'sms' ? 'email' : 'sms';
  // The address or number typed on the previous screen shows in full (docs/journeys-signin.md).
  const recipients = state.recipient
    .map((r) => show(typedOrMasked(r, state.login, state.recipient)))
    .join(', ');
  const byPhone = !state.login.includes('@');
  return (
    <section className="card narrow" aria-labelledby="sent-title">
      <h1 id="sent-title">{t('recovery.sent.title')}</h1>
      <p>
        {channel === 'sms'
          ? t('recovery.sent.sms', { recipients })
          : t('recovery.sent.email', { recipients })}
      </p>
      <form onSubmit={submit} noValidate>
        <CodeInput
          label={t('forms.code.label')}
          value={code}
          onChange={(value) => {
            setCode(value);
            clear();
          }}
          length={8}
          error={error}
          autoFocus
          inputRef={codeField}
        />
        <button type="submit" className="button button-block" disabled={check.isPending}>
          {t('recovery.sent.submit')}
        </button>
      </form>
      <div className="resend-options">
        {/* Keyed by channel: a code by the other channel starts its own countdown. */}
        <ResendCode key={channel} onResend={() => send(resend, channel)} codeField={codeField} />
        <button
          type="button"
          className="link-button"
          onClick={() => void send(byOther, other).catch(() => false)}
        >
          {other === 'sms' ? t('recovery.sent.bySms') : t('recovery.sent.byEmail')}
        </button>
        <ErrorText>{byOther.isError && t('common.errors.generic')}</ErrorText>
      </div>
      <p className="links">
        <Link to={href(byPhone ? 'forgot-password.phone' : 'forgot-password.email')}>
          {byPhone ? t('recovery.sent.changePhone') : t('recovery.sent.changeEmail')}
        </Link>
      </p>
    </section>
  );
}

export function Restart() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="restart-title">
      <h1 id="restart-title">{t('recovery.forgotPassword.title')}</h1>
      <ErrorText>{t('recovery.reset.missing')}</ErrorText>
      <Link className="button" to={href('forgot-password.email')}>
        {t('recovery.sent.restart')}
      </Link>
    </section>
  );
}
