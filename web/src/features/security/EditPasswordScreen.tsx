import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Actions } from '../../components/Actions';
import { NewPasswordFields } from '../../components/PasswordRules';
import { useStepUpInPlace } from '../../components/StepUp';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { isCaptchaFailure, usePasswordCaptcha } from '../../components/PasswordCaptcha';
import { PasswordInput } from '../../components/PasswordInput';
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
  const id = useId();
  const { user } = useCurrentUser();
  const username = user?.email.find((e) => e.default)?.value ?? '';
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const change = useChangePassword(stepUp.run);
  // The current password is a password check: the captcha where the sign-in has it.
  const captcha = usePasswordCaptcha();
  const failure = change.error ? errorOf(change.error, PASSWORD_TEXTS) : null;
  // The captcha's own refusals are said at the captcha.
  const problem = failure && !isCaptchaFailure(failure) ? failure : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    clearFailure(change);
    if (current.length === 0 || password === null) return;
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
  // new password, not the current one, which was right.
  const breached =
    problem?.code === 'password_breached' || problem?.code === 'password_unchanged'
      ? problem
      : null;
  const currentError =
    submitted && current.length === 0
      ? t('forms.password.errors.required')
      : problem?.kind === 'rejected' && !breached
        ? errorText(t, problem)
        : null;

  return (
    <section aria-labelledby="edit-password-title">
      <h1 id="edit-password-title">{t('account.password.title')}</h1>
      <form className="panel" onSubmit={submit} noValidate>
        {/* For password managers: whose password this is. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          hidden
        />
        <div className="field">
          <label htmlFor={`${id}-current`}>{t('account.password.current')}</label>
          <PasswordInput
            id={`${id}-current`}
            autoComplete="current-password"
            value={current}
            onChange={(e) => {
              setCurrent(e.target.value);
              clearFailure(change);
            }}
            aria-invalid={currentError ? true : undefined}
            aria-describedby={currentError ? `${id}-current-error` : undefined}
          />
          {currentError && (
            <p id={`${id}-current-error`} className="error" role="alert">
              {currentError}
            </p>
          )}
        </div>
        <NewPasswordFields
          showErrors={submitted}
          onChange={(value) => {
            setPassword(value);
            if (breached) clearFailure(change);
          }}
          serverError={breached ? errorText(t, breached) : null}
        />
        {captcha.element}
        {problem && problem.kind !== 'rejected' && (
          <p className="notice notice-error" role="alert">
            {errorText(t, problem)}
          </p>
        )}
        <Actions
          busy={change.isPending}
          primary={{ label: t('account.password.submit'), submit: true }}
          secondary={{ label: t('account.common.cancel'), to: href('security') }}
        />
      </form>
      {stepUp.dialog}
    </section>
  );
}
