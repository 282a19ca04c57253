import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { isCaptchaFailure, usePasswordCaptcha } from '../../components/PasswordCaptcha';
import {
  PHONE_INPUT_ID,
  PhoneField,
  type PhoneValue,
  phoneToE164,
} from '../../components/PhoneField';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/config';
import { errorOf, useErrorText } from '../../lib/errors';
import { href } from '../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../lib/sign-in-flow';
import { useStartReset } from './api/recovery';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Forgot password (docs/product.md part 2; docs/flows.md, "Recovery"): by e-mail or
 * phone, a form that works without script (the gateway answers 303 to
 * "Check your messages"); with the script the same step goes as JSON. The
 * page the visitor was headed to (`target`) goes with it, to end there
 * signed in.
 */
export default function ForgotPasswordScreen({ by }: { by: 'email' | 'phone' }) {
  const { t } = useTranslation();
  const config = getConfig();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const target = params.get('target');
  const emailId = useId();
  const drawn = useDrawnForm(pathname);
  const [phone, setPhone] = useState<PhoneValue>({
    country: config.variant === 'lu' ? 'LU' : 'BE',
    number: by === 'phone' ? (drawn?.values.username ?? '') : '',
  });
  const [local, setLocal] = useState<'email' | 'phone' | null>(null);
  const start = useStartReset();
  const captcha = usePasswordCaptcha();
  const [shownDrawn, setShownDrawn] = useState(drawn);
  const failure = start.error ?? drawnAnswer(shownDrawn);
  const message = useErrorText()(failure, { invalid: `signin.login.errors.${by}` });
  const captchaFailure = failure !== null && isCaptchaFailure(errorOf(failure));
  const text = local
    ? t(`signin.login.errors.${local}`)
    : failure && !captchaFailure
      ? message
      : null;

  // A number typed into the drawn page before its script arrived: the field keeps showing it.
  useEffect(() => {
    const field = document.getElementById(PHONE_INPUT_ID);
    if (field instanceof HTMLInputElement && field.value) {
      setPhone((shown) => ({ ...shown, number: field.value }));
    }
  }, []);

  const clear = () => {
    setLocal(null);
    setShownDrawn(null);
    start.reset();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (start.isPending || start.isSuccess) return;
    clear();
    // What the field shows is what is sent.
    const typed = String(new FormData(event.currentTarget).get('username') ?? '').trim();
    let login: string | null = typed;
    if (by === 'email' && !EMAIL.test(typed)) login = null;
    if (by === 'phone') login = await phoneToE164({ ...phone, number: typed }, config.variant);
    if (!login) return setLocal(by);
    const fields = captcha.fields();
    if (!fields) return;
    start.mutate(
      { by, login, ...fields, ...(target ? { target } : {}) },
      { onError: (thrown) => void captcha.refused(errorOf(thrown)) },
    );
  };

  const query = target ? { target } : {};
  return (
    <section className="card narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('recovery.forgotPassword.title')}</h1>
      <p>{t('recovery.forgotPassword.intro')}</p>
      <nav className="segmented" aria-label={t('recovery.forgotPassword.title')}>
        <Link
          to={href('forgot-password.email', query)}
          aria-current={by === 'email' ? 'page' : undefined}
          replace
        >
          {t('recovery.forgotPassword.byEmail')}
        </Link>
        <Link
          to={href('forgot-password.phone', query)}
          aria-current={by === 'phone' ? 'page' : undefined}
          replace
        >
          {t('recovery.forgotPassword.byPhone')}
        </Link>
      </nav>
      <form method="post" onSubmit={submit} noValidate>
        {by === 'email' ? (
          <TextField
            id={emailId}
            name="username"
            label={t('signin.login.email')}
            type="email"
            autoComplete="username"
            defaultValue={drawn?.values.username ?? params.get('login') ?? ''}
            onChange={clear}
            invalid={Boolean(text)}
            describedBy={text ? `${emailId}-error` : undefined}
          />
        ) : (
          <PhoneField
            value={phone}
            onChange={(value) => {
              setPhone(value);
              clear();
            }}
            invalid={Boolean(text)}
            describedBy={text ? `${emailId}-error` : undefined}
          />
        )}
        {text && (
          <p id={`${emailId}-error`} className="error" role="alert">
            {text}
          </p>
        )}
        {captcha.element}
        <button type="submit" className="button button-block" disabled={start.isPending}>
          {t('recovery.forgotPassword.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={href(by === 'email' ? 'login.email' : 'login.phone', query)}>
          {t('recovery.forgotPassword.backToLogin')}
        </Link>
      </p>
    </section>
  );
}
