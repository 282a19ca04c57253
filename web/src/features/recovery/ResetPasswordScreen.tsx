import type { RecoveryView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PasswordInput } from '../../components/PasswordInput';
import { PasswordRules, usePasswordCheck } from '../../components/PasswordRules';
import { TextField } from '../../components/TextField';
import { errorOf, useErrorText } from '../../lib/errors';
import { recoveryFlowQuery } from '../../lib/recovery-flow';
import { href } from '../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../lib/sign-in-flow';
import { useSetNewPassword } from './api/recovery';
import { RESET_TEXTS, Restart } from './ForgotPasswordSentScreen';

/**
 * Reset password (docs/product.md part 2; docs/flows.md, "Recovery"): the new password,
 * typed once with "Show password", its rules ticked off as it is typed. Saved,
 * the journey signs in with it (the account's second factor when the sign-in
 * asks for it) and ends on the page the visitor was headed to: the password
 * is never typed again. A form that works without script.
 */
export default function ResetPasswordScreen() {
  const { data: view } = useQuery(recoveryFlowQuery);
  if (view === undefined) return null;
  if (!view) return <Restart />;
  return <NewPassword view={view} />;
}

function NewPassword({ view }: { view: RecoveryView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId();
  const { pathname } = useLocation();
  const drawnForm = useDrawnForm(pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  const [password, setPassword] = useState('');
  const [tooWeak, setTooWeak] = useState<string | null>(null);
  const { failures } = usePasswordCheck();
  const save = useSetNewPassword();
  const failure = save.error ?? drawnAnswer(drawn);
  const refusal = failure ? errorOf(failure, RESET_TEXTS) : null;
  // The code died meanwhile (the reset is back at "Check your messages"), or the reset is over.
  const body = failure && 'body' in failure ? (failure.body as { field?: string }) : null;
  const codeAgain = body?.field === 'code';
  const gone = refusal?.kind === 'gone' || refusal?.kind === 'conflict';
  const error =
    tooWeak ??
    (!failure || gone
      ? null
      : codeAgain
        ? t('recovery.reset.codeAgain')
        : refusal?.fields.password?.key
          ? t(refusal.fields.password.key)
          : errorText(failure, RESET_TEXTS));

  if (gone) return <Restart />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || save.isSuccess) return;
    setDrawn(null);
    save.reset();
    // What the field shows is what is sent (typed before the script arrived, too).
    const typed = String(new FormData(event.currentTarget).get('password') ?? '');
    const broken = failures(typed)[0];
    if (broken) return setTooWeak(t(`forms.password.errors.${broken}`));
    save.mutate(typed);
  };

  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('recovery.reset.title')}</h1>
      <p>{t('recovery.reset.intro')}</p>
      <form method="post" onSubmit={submit} noValidate>
        {/* The account the password is for, for password managers (never sent as a step's field). */}
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={view.login}
          readOnly
          hidden
        />
        <TextField
          id={`${id}-password`}
          name="password"
          label={t('forms.password.label')}
          input={PasswordInput}
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setTooWeak(null);
            setDrawn(null);
            save.reset();
          }}
          error={error}
          describedBy={`${id}-rules`}
          autoFocus
        />
        <PasswordRules password={password} id={`${id}-rules`} />
        <button type="submit" className="button button-block" disabled={save.isPending}>
          {t('recovery.reset.submit')}
        </button>
      </form>
      {codeAgain && (
        <p className="links">
          <Link to={href('forgot-password-sent')}>{t('recovery.sent.title')}</Link>
        </p>
      )}
    </section>
  );
}
