import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  PHONE_INPUT_ID,
  PhoneField,
  type PhoneValue,
  phoneToE164,
} from '../../components/PhoneField';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/config';
import { href } from '../../lib/routes';
import { shownValue, useTypedBeforeScript } from '../../lib/typed-before-script';
import { useForgotPassword } from './api/recovery';
import { useRefusal } from './refusal';

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
  const send = useForgotPassword();
  const refusal = useRefusal(send, by, (field) => t(`signin.login.errors.${field}`));
  useTypedBeforeScript(emailId, setEmail);
  useTypedBeforeScript(PHONE_INPUT_ID, (number) => setPhone((shown) => ({ ...shown, number })));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    // What the field shows is what is sent (its text may not have reached the state).
    const typed = shownValue(emailId, email);
    const shownPhone = { ...phone, number: shownValue(PHONE_INPUT_ID, phone.number) };
    if (by === 'email' && !EMAIL.test(typed.trim())) return refusal.refuse('email');
    send.mutate(
      { login: by === 'email' ? typed.trim() : phoneToE164(shownPhone, config.variant) },
      {
        onSuccess: (state) =>
          state ? navigate(href('forgot-password-sent')) : refusal.refuse('phone'),
      },
    );
  };
  const { message } = refusal;

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
          <TextField
            id={emailId}
            label={t('signin.login.email')}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              refusal.clear();
            }}
            invalid={refusal.wrong === 'email'}
            describedBy={message ? `${emailId}-error` : undefined}
          />
        ) : (
          <PhoneField
            value={phone}
            onChange={(value) => {
              setPhone(value);
              refusal.clear();
            }}
            invalid={refusal.wrong === 'phone'}
            describedBy={message ? `${emailId}-error` : undefined}
          />
        )}
        {message && (
          <p id={`${emailId}-error`} className="error" role="alert">
            {message}
          </p>
        )}
        <button type="submit" className="button button-block" disabled={send.isPending}>
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
