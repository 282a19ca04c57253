import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/config';
import { useSendPhoneCode, useVerifyPhone } from './api/onboarding';
import { AlreadyInUse } from './components/AlreadyInUse';
import { FlowEnded } from './components/StepError';
import { Steps } from './components/Steps';
import { useVerificationStep, VerifyCode } from './components/VerifyCode';
import { onboardingState } from './onboarding-state';
import './onboarding.css';
import { typedOrMasked, useContactFormat } from '../../lib/phone';

/** The number in E.164, read in the variant's country unless typed internationally. */
async function toE164(typed: string): Promise<string | null> {
  // libphonenumber's metadata loads with this step only.
  const rules = await import('@portal/contract/rules');
  const home = getConfig().variant === 'lu' ? 'LU' : 'BE';
  return rules.toE164(typed.trim().replace(/^00/, '+'), home);
}

/** `/onboarding/phone-verification`: the mobile number, confirmed with the code sent by SMS. */
export default function PhoneVerificationScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const navigate = useNavigate();
  const titleId = useId();
  const fieldId = useId();
  const state = onboardingState.get();
  const [phone, setPhone] = useState('');
  const step = useVerificationStep({
    send: useSendPhoneCode(),
    verify: useVerifyPhone(),
    invalid: 'flows.onboarding.phone.invalid',
    recipientOf: (body) => body.phone,
    onVerified: ({ body, to }) => {
      onboardingState.update({
        // The two-step step names it as this step did: typed here, in full.
        verified: { email: state?.verified?.email ?? null, phone: typedOrMasked(to, body.phone) },
      });
      navigate(href('onboarding-mfa'));
    },
  });
  if (!state) return <Navigate to={href('onboarding')} replace />;
  const { payload } = state;
  const lu = getConfig().variant === 'lu';
  const { sent, ended, fieldError } = step;
  const inUse = step.failure?.code === 'phone-duplicated';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Read into E.164 as part of the sending (busy meanwhile); not a number: nothing is sent.
    step.submit({ payload, phone: toE164(phone) });
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="phone" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.phone.title')}</h1>
      {ended ? (
        <FlowEnded error={ended} />
      ) : sent ? (
        <VerifyCode
          sentText={t('flows.onboarding.phone.sent', {
            // The number typed here, in full (docs/journeys-signin.md).
            target: show(typedOrMasked(sent.to, sent.body.phone)),
          })}
          changeLabel={t('flows.onboarding.phone.change')}
          {...step.code}
        >
          <AlreadyInUse kind="phone" noCode />
        </VerifyCode>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <TextField
            id={fieldId}
            label={t('flows.onboarding.phone.label')}
            hint={lu ? t('flows.onboarding.phone.hintLu') : t('flows.onboarding.phone.hint')}
            type="tel"
            name="phone"
            autoComplete="tel"
            inputMode="tel"
            required
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              step.edited();
            }}
            error={fieldError}
          />
          {inUse && <AlreadyInUse kind="phone" />}
          <button type="submit" className="button" disabled={step.busy}>
            {t('flows.onboarding.phone.send')}
          </button>
        </form>
      )}
    </section>
  );
}
