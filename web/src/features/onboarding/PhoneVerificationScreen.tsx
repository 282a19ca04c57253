import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { api } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { type ErrorTexts, errorText, type PortalError } from '../../lib/errors';
import { AlreadyInUse } from './components/AlreadyInUse';
import { FlowEnded } from './components/StepError';
import { Steps } from './components/Steps';
import { VerifyCode } from './components/VerifyCode';
import { endsTheFlow, stepErrorOf } from './errors';
import { onboardingState } from './onboarding-state';
import './onboarding.css';
import { useContactFormat } from '../../lib/phone';

/** The number in E.164, read in the variant's country unless typed internationally. */
async function toE164(typed: string): Promise<string | null> {
  // libphonenumber's metadata loads with this step only.
  const rules = await import('@portal/contract/rules');
  const home = getConfig().variant === 'lu' ? 'LU' : 'BE';
  return rules.toE164(typed.trim().replace(/^00/, '+'), home);
}

/** A refused number (400) in the step's words. */
const PHONE_TEXTS = { invalid: 'flows.onboarding.phone.invalid' } as const satisfies ErrorTexts;

/** `/onboarding/phone-verification`: the mobile number, confirmed with the code sent by SMS. */
export default function PhoneVerificationScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const navigate = useNavigate();
  const titleId = useId();
  const fieldId = useId();
  const state = onboardingState.get();
  const [phone, setPhone] = useState('');
  const [sent, setSent] = useState<{ phone: string; to: string } | null>(null);
  /** `invalid`: the typed number is not a phone number (checked before sending). */
  const [error, setError] = useState<PortalError | 'invalid' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!state) return <Navigate to={href('onboarding')} replace />;
  const { payload } = state;
  const lu = getConfig().variant === 'lu';

  const send = async (number: string) => {
    const res = await api.onboarding.sendPhoneCode({ body: { payload, phone: number } });
    if (res.status === 200) {
      setSent({ phone: number, to: res.body.recipient ?? number });
      return null;
    }
    return stepErrorOf(res, PHONE_TEXTS);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const number = await toE164(phone);
      setError(number ? await send(number) : 'invalid');
    } catch (thrown) {
      setError(stepErrorOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (code: string) => {
    try {
      const res = await api.onboarding.verifyPhone({ body: { payload, code } });
      if (res.status === 200) {
        onboardingState.update({
          verified: { email: state.verified?.email ?? null, phone: sent?.to ?? null },
        });
        navigate(href('onboarding-mfa'));
        return null;
      }
      const failure = stepErrorOf(res);
      if (endsTheFlow(failure)) {
        setSent(null);
        setError(failure);
        return null;
      }
      return errorText(t, failure);
    } catch (thrown) {
      return errorText(t, stepErrorOf(thrown));
    }
  };

  const ended = typeof error === 'object' && error !== null && endsTheFlow(error) ? error : null;
  const inUse = typeof error === 'object' && error?.code === 'phone-duplicated';
  const fieldError =
    error === 'invalid'
      ? t('flows.onboarding.phone.invalid')
      : error && !ended
        ? errorText(t, error)
        : null;

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="phone" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.phone.title')}</h1>
      {ended ? (
        <FlowEnded error={ended} />
      ) : sent ? (
        <VerifyCode
          sentText={t('flows.onboarding.phone.sent', { target: show(sent.to) })}
          onConfirm={confirm}
          onResend={async () => (await send(sent.phone).catch(() => 'generic')) === null}
          changeLabel={t('flows.onboarding.phone.change')}
          onChange={() => {
            setSent(null);
            setError(null);
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={fieldId}>{t('flows.onboarding.phone.label')}</label>
            <span id={`${fieldId}-hint`} className="hint">
              {lu ? t('flows.onboarding.phone.hintLu') : t('flows.onboarding.phone.hint')}
            </span>
            <input
              id={fieldId}
              type="tel"
              name="phone"
              autoComplete="tel"
              inputMode="tel"
              required
              value={phone}
              onChange={(e) => {
                setPhone(e.target.value);
                setError(null);
              }}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
            />
            {fieldError && (
              <p id={`${fieldId}-error`} className="field-error error" role="alert">
                {fieldError}
              </p>
            )}
          </div>
          {inUse && <AlreadyInUse kind="phone" />}
          <button type="submit" className="button" disabled={busy}>
            {t('flows.onboarding.phone.send')}
          </button>
        </form>
      )}
    </section>
  );
}
