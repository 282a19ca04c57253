import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { RadioGroup } from '../../components/Choices';
import { ListRadioRow } from '../../components/ListRadioRow';
import { ListRows } from '../../components/ListRow';
import { TextField } from '../../components/TextField';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { useSendEmailCode, useVerifyEmail } from './api/onboarding';
import { AlreadyInUse } from './components/AlreadyInUse';
import { FlowEnded } from './components/StepError';
import { Steps } from './components/Steps';
import { useVerificationStep, VerifyCode } from './components/VerifyCode';
import { onboardingState } from './onboarding-state';
import './onboarding.css';
import { typedOrMasked } from '../../lib/phone';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * `/onboarding/email-verification`: give a personal e-mail address (the
 * recommended choice, so the one chosen to begin with) or keep the one that
 * came with the card (spec part 2), then confirm it with the code sent to it.
 */
export default function EmailVerificationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const fieldId = useId();
  const state = onboardingState.get();
  const current = state?.currentEmail ?? null;
  const [keep, setKeep] = useState(false);
  const [email, setEmail] = useState('');
  const step = useVerificationStep({
    send: useSendEmailCode(),
    verify: useVerifyEmail(),
    invalid: 'flows.onboarding.email.invalid',
    recipientOf: (body) => body.email ?? '',
    onVerified: ({ body, to }) => {
      onboardingState.update({
        // The two-step step names it as this step did: typed here, in full.
        verified: { email: typedOrMasked(to, body.email ?? null), phone: null },
        // The address in full, for the password step's username field; the kept one is
        // known here only masked.
        login: body.email,
      });
      navigate(href('onboarding.phone-verification'));
    },
  });
  if (!state) return <Navigate to={href('onboarding')} replace />;
  const { payload } = state;
  const { sent, ended, fieldError } = step;
  const inUse = step.failure?.code === 'email-duplicated';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    // The address is checked here before it is sent; the kept one needs no check.
    if (keep) step.submit({ payload, keep_current: true });
    else step.submit(looksLikeEmail(typed) ? { payload, email: typed } : null);
  };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="email" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.email.title')}</h1>
      {ended ? (
        <FlowEnded error={ended} />
      ) : sent ? (
        <VerifyCode
          sentText={t('flows.onboarding.email.sent', {
            // The address typed here, in full; the kept one as the account API masks it.
            target: typedOrMasked(sent.to, sent.body.email ?? null),
          })}
          changeLabel={t('flows.onboarding.email.change')}
          {...step.code}
        >
          <AlreadyInUse kind="email" login={sent.body.email ?? undefined} noCode />
        </VerifyCode>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {current !== null && (
            <RadioGroup
              label={t('flows.onboarding.email.choice')}
              value={keep ? 'keep' : 'personal'}
              onChange={(value) => {
                setKeep(value === 'keep');
                step.edited();
              }}
            >
              <ListRows>
                <ListRadioRow
                  value="personal"
                  title={t('flows.onboarding.email.personal')}
                  badge={t('flows.onboarding.email.recommended')}
                  description={t('flows.onboarding.email.personalText')}
                />
                <ListRadioRow
                  value="keep"
                  title={t('flows.onboarding.email.keep', { email: current })}
                  description={t('flows.onboarding.email.keepText')}
                />
              </ListRows>
            </RadioGroup>
          )}
          {!keep && (
            <TextField
              id={fieldId}
              label={t('flows.onboarding.email.label')}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                step.edited();
              }}
              error={fieldError}
            />
          )}
          {keep && fieldError && (
            <p className="field-error error" role="alert">
              {fieldError}
            </p>
          )}
          {inUse && <AlreadyInUse kind="email" login={keep ? undefined : email.trim()} />}
          <button type="submit" className="button" disabled={step.busy}>
            {t('flows.onboarding.email.send')}
          </button>
        </form>
      )}
    </section>
  );
}
