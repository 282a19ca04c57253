import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CodeInput } from '../../components/CodeInput';
import { ResendCode } from '../../components/ResendCode';
import { api } from '../../lib/api';
import { type ForgotState, forgotPassword } from '../../lib/flow-state';
import { href } from '../../lib/routes';

/**
 * Forgot password, sent (spec part 2): where the code went, the code entry,
 * and a new code by e-mail or by SMS.
 */
export default function ForgotPasswordSentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<ForgotState | null>(() => forgotPassword.get());
  const [code, setCode] = useState(state?.code ?? '');
  const [error, setError] = useState<string | null>(null);

  if (!state) return <Restart />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== 8) return setError(t('common.code.invalid'));
    forgotPassword.set({ ...state, code });
    navigate(href('reset-password'));
  };

  const resend = (technology: 'email' | 'sms') => async () => {
    const res = await api.onboarding.forgotPassword({ body: { login: state.login, technology } });
    if (res.status !== 200) return false;
    const next = { login: state.login, ...res.body };
    forgotPassword.set(next);
    setState(next);
    setCode('');
    return true;
  };

  const recipients = state.recipient.join(', ');
  return (
    <section className="card narrow" aria-labelledby="sent-title">
      <h1 id="sent-title">{t('recovery.sent.title')}</h1>
      <p>
        {state.technology === 'SMS'
          ? t('recovery.sent.sms', { recipients })
          : t('recovery.sent.email', { recipients })}
      </p>
      <form onSubmit={submit} noValidate>
        <CodeInput
          label={t('common.code.label')}
          value={code}
          onChange={(value) => {
            setCode(value);
            setError(null);
          }}
          length={8}
          error={error}
          autoFocus
        />
        <button type="submit" className="button button-block">
          {t('recovery.sent.submit')}
        </button>
      </form>
      <div className="resend-options">
        <ResendCode onResend={resend('email')} label={t('recovery.sent.byEmail')} />
        <ResendCode onResend={resend('sms')} label={t('recovery.sent.bySms')} />
      </div>
    </section>
  );
}

export function Restart() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="restart-title">
      <h1 id="restart-title">{t('recovery.forgotPassword.title')}</h1>
      <p className="error" role="alert">
        {t('recovery.reset.missing')}
      </p>
      <Link className="button" to={href('forgot-password.email')}>
        {t('recovery.sent.restart')}
      </Link>
    </section>
  );
}
