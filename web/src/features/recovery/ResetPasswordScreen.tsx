import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NewPasswordFields } from '../../components/PasswordRules';
import { api } from '../../lib/api';
import { errorOf, errorText } from '../../lib/errors';
import { forgotPassword, signInHint } from '../../lib/flow-state';
import { href } from '../../lib/routes';
import { Restart } from './ForgotPasswordSentScreen';

/** Reset password (spec part 2): the new password with its rules shown live, then confirmed. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state] = useState(() => forgotPassword.get());
  const [password, setPassword] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!state?.code) return <Restart />;
  const code = state.code;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    setServerError(null);
    if (!password) return;
    setBusy(true);
    try {
      const res = await api.onboarding.resetPassword({
        body: { payload: state.payload, code, password },
      });
      if (res.status === 204) {
        if (state.login.includes('@')) signInHint.set(state.login);
        forgotPassword.clear();
        return navigate(href('reset-password-confirmed'), { replace: true });
      }
      // Spec part 5: the server's 422 message is shown as it is (a wrong or expired code).
      setServerError(errorText(t, errorOf(res)));
    } catch (thrown) {
      setServerError(errorText(t, errorOf(thrown)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('recovery.reset.title')}</h1>
      <form onSubmit={submit} noValidate>
        <NewPasswordFields
          showErrors={showErrors}
          onChange={(value) => {
            setPassword(value);
            setServerError(null);
          }}
          serverError={serverError}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {t('recovery.reset.submit')}
        </button>
      </form>
      {serverError && (
        <p className="links">
          <Link to={href('forgot-password-sent')}>{t('recovery.sent.title')}</Link>
        </p>
      )}
    </section>
  );
}
