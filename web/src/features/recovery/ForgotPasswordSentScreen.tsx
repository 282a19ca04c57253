import type { RecoveryView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CodeEntry } from '../../components/form';
import { ErrorText } from '../../components/Notice';
import { type ErrorTexts, errorOf, useErrorText } from '../../lib/errors';
import { typedOrMasked, useContactFormat } from '../../lib/phone';
import { recoveryFlowQuery } from '../../lib/recovery-flow';
import { href } from '../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../lib/sign-in-flow';
import { useCheckResetCode, useResendResetCode } from './api/recovery';

/** A refused code in the code field's words; a reset that is over, said as such. */
export const RESET_TEXTS = {
  invalid: 'forms.code.invalid',
  code_expired: 'recovery.sent.expired',
  gone: 'recovery.reset.missing',
  conflict: 'recovery.reset.missing',
} as const satisfies ErrorTexts;

/**
 * Forgot password, sent (docs/product.md part 2; docs/flows.md, "Recovery"): where the
 * code went and the code entry, which sends itself when complete (or with
 * Continue, or Enter without script); a new code by the same channel with
 * its countdown, or by the other channel; a way back to change the address
 * or number. Drawn from the journey's flow on the gateway.
 */
export default function ForgotPasswordSentScreen() {
  const { data: view } = useQuery(recoveryFlowQuery);
  if (view === undefined) return null;
  if (!view) return <Restart />;
  if (view.step === 'password') return <CodeChecked />;
  // A new code's screen starts afresh (its field, its countdown).
  return <CodeStep key={`${view.channel} ${view.recipient.join()}`} view={view} />;
}

function CodeStep({ view }: { view: RecoveryView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const show = useContactFormat();
  const { pathname } = useLocation();
  const drawnForm = useDrawnForm(pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  const check = useCheckResetCode();
  const resend = useResendResetCode();
  const byOther = useResendResetCode();
  const failure = check.error ?? drawnAnswer(drawn);
  const gone = failure !== null && ['gone', 'conflict'].includes(errorOf(failure).kind);
  // The drawn page's refusal, until the code is changed or sent again (the mutation's own, after).
  const drawnRefusal = drawn && !gone ? errorText(drawnAnswer(drawn), RESET_TEXTS) : null;

  if (gone) return <Restart />;
  const other = view.channel === 'sms' ? 'email' : 'sms';
  // The address or number typed on the previous screen shows in full (docs/journeys-signin.md).
  const recipients = view.recipient
    .map((r) => show(typedOrMasked(r, view.login, view.recipient)))
    .join(', ');
  const byPhone = !view.login.includes('@');
  const query = view.target ? { target: view.target } : {};
  return (
    <section className="card narrow" aria-labelledby="sent-title">
      <h1 id="sent-title">{t('recovery.sent.title')}</h1>
      <p>
        {view.channel === 'sms'
          ? t('recovery.sent.sms', { recipients })
          : t('recovery.sent.email', { recipients })}
      </p>
      <CodeEntry
        method="post"
        label={t('forms.code.label')}
        length={8}
        mutation={check}
        texts={RESET_TEXTS}
        incomplete={t('forms.code.invalid')}
        refusal={drawnRefusal}
        onChange={() => setDrawn(null)}
        onSubmit={(code) => {
          if (check.isPending || check.isSuccess) return;
          setDrawn(null);
          check.mutate(code);
        }}
        submitLabel={t('recovery.sent.submit')}
        resendName="resend"
        onResend={() => resend.mutateAsync(undefined).catch(() => false)}
        resendOptions={
          <>
            <button
              type="submit"
              name="technology"
              value={other}
              formNoValidate
              className="link-button"
              disabled={byOther.isPending}
              onClick={(event) => {
                event.preventDefault();
                byOther.mutate(other);
              }}
            >
              {other === 'sms' ? t('recovery.sent.bySms') : t('recovery.sent.byEmail')}
            </button>
            <ErrorText>{byOther.isError && t('common.errors.generic')}</ErrorText>
          </>
        }
      />
      <p className="links">
        <Link to={href(byPhone ? 'forgot-password.phone' : 'forgot-password.email', query)}>
          {byPhone ? t('recovery.sent.changePhone') : t('recovery.sent.changeEmail')}
        </Link>
      </p>
    </section>
  );
}

/** Back on this page after the code was checked: the new password is next. */
function CodeChecked() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="sent-title">
      <h1 id="sent-title">{t('recovery.sent.title')}</h1>
      <Link className="button" to={href('reset-password')}>
        {t('recovery.sent.submit')}
      </Link>
    </section>
  );
}

/** No reset under way (expired, complete, never started): start again. */
export function Restart() {
  const { t } = useTranslation();
  return (
    <section className="card narrow" aria-labelledby="restart-title">
      <h1 id="restart-title">{t('recovery.forgotPassword.title')}</h1>
      <ErrorText>{t('recovery.reset.missing')}</ErrorText>
      <Link className="button" to={href('forgot-password.email')}>
        {t('recovery.sent.restart')}
      </Link>
    </section>
  );
}
