import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { emailCheck, Form, FormError, SubmitButton, TextField } from '../../components/form';
import PhoneFormField from '../../components/form/PhoneFormField';
import { isCaptchaFailure, usePasswordCaptcha } from '../../components/PasswordCaptcha';
import { PHONE_INPUT_ID, type PhoneValue, phoneToE164 } from '../../components/PhoneField';
import { getConfig } from '../../lib/config';
import { errorOf, useErrorText } from '../../lib/errors';
import { drawnValue } from '../../lib/hydration';
import { href } from '../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../lib/sign-in-flow';
import { useStartReset } from './api/recovery';

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
  const drawn = useDrawnForm(pathname);
  const emailId = useId();
  // A drawn page's address starts from what it shows (typed before the script arrived, too).
  const [shownEmail] = useState(() =>
    drawnValue(emailId, drawn?.values.username ?? params.get('login') ?? ''),
  );
  const [phone, setPhone] = useState<PhoneValue>({
    country: config.variant === 'lu' ? 'LU' : 'BE',
    number: by === 'phone' ? (drawn?.values.username ?? '') : '',
  });
  /** The number typed is not one (read into E.164 before sending). */
  const [notANumber, setNotANumber] = useState(false);
  const start = useStartReset();
  const captcha = usePasswordCaptcha();
  const [shownDrawn, setShownDrawn] = useState(drawn);
  const failure = start.error ?? drawnAnswer(shownDrawn);
  const describe = useErrorText();
  const notAnAddress = t(`signin.login.errors.${by}`);
  const checkEmail = useMemo(
    () => emailCheck(notAnAddress, t('signin.login.errors.required')),
    [notAnAddress, t],
  );
  // A login refused (400) at the field; the captcha's at the captcha; anything else above the button.
  const refused = failure ? errorOf(failure) : null;
  const refusal = notANumber
    ? { field: 'username', message: notAnAddress }
    : refused && !isCaptchaFailure(refused)
      ? {
          field: refused.kind === 'invalid' ? 'username' : null,
          message: describe(failure, { invalid: `signin.login.errors.${by}` }),
        }
      : null;

  // A number typed into the drawn page before its script arrived: the field keeps showing it.
  useEffect(() => {
    const field = document.getElementById(PHONE_INPUT_ID);
    if (field instanceof HTMLInputElement && field.value) {
      setPhone((shown) => ({ ...shown, number: field.value }));
    }
  }, []);

  const clear = () => {
    setNotANumber(false);
    setShownDrawn(null);
    start.reset();
  };

  /** The fields passed their checks: the phone number is read, the captcha's token taken. */
  const submit = async (values: Readonly<Record<string, string>>) => {
    if (start.isPending || start.isSuccess) return;
    clear();
    // What the field shows is what is sent.
    const typed = (values.username ?? '').trim();
    const login =
      by === 'phone' ? await phoneToE164({ ...phone, number: typed }, config.variant) : typed;
    if (!login) return setNotANumber(true);
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
      <Form
        method="post"
        busy={start.isPending}
        refusal={refusal}
        onSubmit={(values) => void submit(values)}
      >
        {by === 'email' ? (
          <TextField
            name="username"
            label={t('signin.login.email')}
            type="email"
            input={{ autoComplete: 'username' }}
            id={emailId}
            defaultValue={shownEmail}
            onChange={clear}
            validate={checkEmail}
          />
        ) : (
          <PhoneFormField
            value={phone}
            onChange={(value) => {
              setPhone(value);
              clear();
            }}
          />
        )}
        {captcha.element}
        <FormError />
        <SubmitButton className="button button-block">
          {t('recovery.forgotPassword.submit')}
        </SubmitButton>
      </Form>
      <p className="links">
        <Link to={href(by === 'email' ? 'login.email' : 'login.phone', query)}>
          {t('recovery.forgotPassword.backToLogin')}
        </Link>
      </p>
    </section>
  );
}
