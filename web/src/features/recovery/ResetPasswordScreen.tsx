import type { RecoveryView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Form, SubmitButton, TextField } from '../../components/form';
import { PasswordRules, usePasswordCheck } from '../../components/PasswordRules';
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
  const { pathname } = useLocation();
  const drawnForm = useDrawnForm(pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  const [password, setPassword] = useState('');
  const { failures } = usePasswordCheck();
  const save = useSetNewPassword();
  const failure = save.error ?? drawnAnswer(drawn);
  const refused = failure ? errorOf(failure, RESET_TEXTS) : null;
  // The code died meanwhile (the reset is back at "Check your messages"), or the reset is over.
  const body = failure && 'body' in failure ? (failure.body as { field?: string }) : null;
  const codeAgain = body?.field === 'code';
  const gone = refused?.kind === 'gone' || refused?.kind === 'conflict';
  const message =
    !failure || gone
      ? null
      : codeAgain
        ? t('recovery.reset.codeAgain')
        : refused?.fields.password?.key
          ? t(refused.fields.password.key)
          : errorText(failure, RESET_TEXTS);
  /** The first rule the password breaks, in the rules' words. */
  const checkRules = useMemo(
    () => (value: string) => {
      const broken = failures(value)[0];
      return broken ? t(`forms.password.errors.${broken}`) : null;
    },
    [failures, t],
  );

  if (gone) return <Restart />;

  return (
    <section className="card narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('recovery.reset.title')}</h1>
      <p>{t('recovery.reset.intro')}</p>
      <Form
        method="post"
        busy={save.isPending}
        refusal={message ? { field: 'password', message } : null}
        onSubmit={(values) => {
          if (save.isPending || save.isSuccess) return;
          setDrawn(null);
          save.reset();
          save.mutate(values.password ?? '');
        }}
      >
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
          name="password"
          type="password"
          label={t('forms.password.label')}
          // The new password is the one thing on this screen: the cursor starts in it.
          input={{ autoComplete: 'new-password', autoFocus: true }}
          details={<PasswordRules password={password} />}
          value={password}
          onChange={(value) => {
            setPassword(value);
            setDrawn(null);
            save.reset();
          }}
          validate={checkRules}
        />
        <SubmitButton className="button button-block">{t('recovery.reset.submit')}</SubmitButton>
      </Form>
      {codeAgain && (
        <p className="links">
          <Link to={href('forgot-password-sent')}>{t('recovery.sent.title')}</Link>
        </p>
      )}
    </section>
  );
}
