import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PhoneField, type PhoneValue, phoneToE164 } from '../../components/PhoneField';
import { api } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { errorOf, errorText, type PortalError } from '../../lib/errors';
import { forgotPassword } from '../../lib/flow-state';
import { href } from '../../lib/routes';
import { useTypedBeforeScript } from '../../lib/typed-before-script';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Forgot password (spec part 2): by e-mail or phone, then the sent screen. */
export default function ForgotPasswordScreen({ by }: { by: 'email' | 'phone' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = getConfig();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({
    country: config.variant === 'lu' ? 'LU' : 'BE',
    number: '',
  });
  /** `email`, `phone`: that login is refused (here or by the server, 400). */
  const [error, setError] = useState<'email' | 'phone' | PortalError | null>(null);
  const [busy, setBusy] = useState(false);
  useTypedBeforeScript(emailId, setEmail);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // What the field shows is what is sent: on a drawn page, text typed while the
    // script took over can reach the field without reaching the state.
    const field = document.getElementById(emailId);
    const typed = field instanceof HTMLInputElement ? field.value : email;
    if (by === 'email' && !EMAIL.test(typed.trim())) return setError('email');
    setBusy(true);
    try {
      const login = by === 'email' ? typed.trim() : await phoneToE164(phone, config.variant);
      if (!login) return setError('phone');
      const res = await api.onboarding.forgotPassword({ body: { login } });
      if (res.status !== 200) {
        const failure = errorOf(res);
        return setError(failure.kind === 'invalid' ? by : failure);
      }
      forgotPassword.set({ login, ...res.body });
      navigate(href('forgot-password-sent'));
    } catch (thrown) {
      setError(errorOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  const message =
    typeof error === 'string'
      ? t(`signin.login.errors.${error}`)
      : error
        ? errorText(t, error)
        : null;

  return (
    <section className="card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('recovery.forgotPassword.title')}</h1>
      <p>{t('recovery.forgotPassword.intro')}</p>
      <nav className="segmented" aria-label={t('recovery.forgotPassword.title')}>
        <Link
          to={href('forgot-password.email')}
          aria-current={by === 'email' ? 'page' : undefined}
          replace
        >
          {t('recovery.forgotPassword.byEmail')}
        </Link>
        <Link
          to={href('forgot-password.phone')}
          aria-current={by === 'phone' ? 'page' : undefined}
          replace
        >
          {t('recovery.forgotPassword.byPhone')}
        </Link>
      </nav>
      <form onSubmit={submit} noValidate>
        {by === 'email' ? (
          <div className="field">
            <label htmlFor={emailId}>{t('signin.login.email')}</label>
            <input
              id={emailId}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
              aria-invalid={error === 'email' || undefined}
              aria-describedby={message ? `${emailId}-error` : undefined}
            />
          </div>
        ) : (
          <PhoneField
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setError(null);
            }}
            invalid={error === 'phone'}
            describedBy={message ? `${emailId}-error` : undefined}
          />
        )}
        {message && (
          <p id={`${emailId}-error`} className="error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={busy}>
          {t('recovery.forgotPassword.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={href(by === 'email' ? 'login.email' : 'login.phone')}>
          {t('recovery.forgotPassword.backToLogin')}
        </Link>
      </p>
    </section>
  );
}
