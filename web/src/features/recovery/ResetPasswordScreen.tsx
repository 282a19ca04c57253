import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorOf, errorText } from '../../lib/errors';
import { forgotPassword, signInHint } from '../../lib/flow-state';
import { href } from '../../lib/routes';
import { useResetPassword } from './api/recovery';
import { NewPasswordForm } from './components/NewPasswordForm';
import { Restart } from './ForgotPasswordSentScreen';

/** Reset password (spec part 2): the new password with its rules shown live, then confirmed. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state] = useState(() => forgotPassword.get());
  const reset = useResetPassword();
  // Spec part 5: the server's 422 message is shown as it is (a wrong or expired code).
  const serverError = reset.error ? errorText(t, errorOf(reset.error)) : null;

  if (!state?.code) return <Restart />;
  const code = state.code;

  const save = (password: string) =>
    reset.mutate(
      { payload: state.payload, code, password },
      {
        onSuccess: () => {
          if (state.login.includes('@')) signInHint.set(state.login);
          forgotPassword.clear();
          navigate(href('reset-password-confirmed'), { replace: true });
        },
      },
    );

  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('recovery.reset.title')}</h1>
      <NewPasswordForm
        change={reset}
        save={save}
        serverError={serverError}
        submitLabel={t('recovery.reset.submit')}
      />
      {serverError && (
        <p className="links">
          <Link to={href('forgot-password-sent')}>{t('recovery.sent.title')}</Link>
        </p>
      )}
    </section>
  );
}
