import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form, FormError, requiredCheck, SubmitButton, TextField } from '../../components/form';
import { NewPasswordFields } from '../../components/PasswordRules';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { isCaptchaFailure, usePasswordCaptcha } from '../../components/PasswordCaptcha';
import { clearFailure } from '../../lib/api';
import { type ErrorTexts, errorOf, errorText } from '../../lib/errors';
import { useCurrentUser } from '../../lib/session';
import { useChangePassword } from './api/account';

/** A wrong current password (422), a refused new one (400), or a change that failed. */
const PASSWORD_TEXTS = {
  rejected: 'account.password.currentWrong',
  invalid: 'account.password.rulesRefused',
  fallback: 'account.password.failed',
} as const satisfies ErrorTexts;

/** Security > edit-password: the current password, then a new one with the rules shown live. */
export default function EditPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const stepUp = useStepUpInPlace();
  const { user } = useCurrentUser();
  const username = user?.email.find((e) => e.default)?.value ?? '';
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState<string | null>(null);
  const change = useChangePassword(stepUp.run);
  // The current password is a password check: the captcha where the sign-in has it.
  const captcha = usePasswordCaptcha();
  const failure = change.error ? errorOf(change.error, PASSWORD_TEXTS) : null;
  // The captcha's own refusals are said at the captcha.
  const problem = failure && !isCaptchaFailure(failure) ? failure : null;

  const submit = () => {
    clearFailure(change);
    if (password === null) return;
    const guard = captcha.fields();
    if (!guard) return;
    change.mutate(
      { current_password: current, password, ...guard },
      {
        onError: (thrown) => {
          captcha.refused(errorOf(thrown, PASSWORD_TEXTS));
        },
        // The account API signed every other session out and named them: the
        // security page says so and lists them (docs/threat-model.md, "A session's life").
        onSuccess: (res) => {
          if (res) {
            navigate(href('security'), {
              state: { notice: 'passwordChanged', signedOut: res.body.signed_out },
            });
          }
        },
      },
    );
  };

  // Found in known breaches, or the current one again (422): said next to the
  // new password, not the current one, which was right; any other 422 is the
  // current password that was wrong.
  const breached = problem?.code === 'password_breached' || problem?.code === 'password_unchanged';
  const refusal =
    problem?.kind === 'rejected'
      ? { field: breached ? 'password' : 'current_password', message: errorText(t, problem) }
      : null;

  return (
    <section aria-labelledby="edit-password-title">
      <h1 id="edit-password-title">{t('account.password.title')}</h1>
      <Form
        className="panel"
        onSubmit={submit}
        refusal={refusal}
        error={problem && problem.kind !== 'rejected' ? change.error : null}
        texts={PASSWORD_TEXTS}
        busy={change.isPending}
      >
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        <TextField
          label={t('account.password.current')}
          name="current_password"
          type="password"
          input={{ autoComplete: 'current-password' }}
          value={current}
          onChange={setCurrent}
          validate={requiredCheck(t('forms.password.errors.required'))}
        />
        <NewPasswordFields onChange={setPassword} />
        {captcha.element}
        <FormError />
        <div className="actions">
          <SubmitButton>{t('account.password.submit')}</SubmitButton>
          <Link className="button button-secondary" to={href('security')}>
            {t('account.common.cancel')}
          </Link>
        </div>
      </Form>
      {stepUp.dialog}
    </section>
  );
}
