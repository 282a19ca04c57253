import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { RadioGroup } from '../../components/Choices';
import { ListRadioRow } from '../../components/ListRadioRow';
import { ListRows } from '../../components/ListRow';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { api } from '../../lib/api';
import { type ErrorTexts, errorText, type PortalError } from '../../lib/errors';
import { AlreadyInUse } from './components/AlreadyInUse';
import { FlowEnded } from './components/StepError';
import { Steps } from './components/Steps';
import { VerifyCode } from './components/VerifyCode';
import { endsTheFlow, stepErrorOf } from './errors';
import { onboardingState } from './onboarding-state';
import './onboarding.css';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

type Choice = { keep: true } | { email: string };

/** A refused address (400) in the step's words. */
const EMAIL_TEXTS = { invalid: 'flows.onboarding.email.invalid' } as const satisfies ErrorTexts;

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
  const [sent, setSent] = useState<{ choice: Choice; to: string } | null>(null);
  /** `invalid`: the typed address does not look like one (checked before sending). */
  const [error, setError] = useState<PortalError | 'invalid' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!state) return <Navigate to={href('onboarding')} replace />;
  const { payload } = state;

  const send = async (choice: Choice) => {
    const res = await api.onboarding.sendEmailCode({
      body: 'keep' in choice ? { payload, keep_current: true } : { payload, email: choice.email },
    });
    if (res.status === 200) {
      setSent({ choice, to: res.body.recipient ?? ('email' in choice ? choice.email : '') });
      return null;
    }
    return stepErrorOf(res, EMAIL_TEXTS);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!keep && !looksLikeEmail(typed)) return setError('invalid');
    setBusy(true);
    try {
      setError(await send(keep ? { keep: true } : { email: typed }));
    } catch (thrown) {
      setError(stepErrorOf(thrown));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (code: string) => {
    try {
      const res = await api.onboarding.verifyEmail({ body: { payload, code } });
      if (res.status === 200) {
        onboardingState.update({
          verified: { email: sent?.to ?? null, phone: null },
          // The address in full, for the password step's username field; the kept one is
          // known here only masked.
          login: sent && 'email' in sent.choice ? sent.choice.email : undefined,
        });
        navigate(href('onboarding.phone-verification'));
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
  const inUse = typeof error === 'object' && error?.code === 'email-duplicated';
  const fieldError =
    error === 'invalid'
      ? t('flows.onboarding.email.invalid')
      : error && !ended
        ? errorText(t, error)
        : null;

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="email" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.email.title')}</h1>
      {ended ? (
        <FlowEnded error={ended} />
      ) : sent ? (
        <VerifyCode
          sentText={t('flows.onboarding.email.sent', { target: sent.to })}
          onConfirm={confirm}
          onResend={async () => (await send(sent.choice).catch(() => 'generic')) === null}
          changeLabel={t('flows.onboarding.email.change')}
          onChange={() => {
            setSent(null);
            setError(null);
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {current !== null && (
            <RadioGroup
              label={t('flows.onboarding.email.choice')}
              value={keep ? 'keep' : 'personal'}
              onChange={(value) => {
                setKeep(value === 'keep');
                setError(null);
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
            <div className="field">
              <label htmlFor={fieldId}>{t('flows.onboarding.email.label')}</label>
              <input
                id={fieldId}
                type="email"
                name="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${fieldId}-error` : undefined}
              />
              {fieldError && (
                <p id={`${fieldId}-error`} className="field-error error" role="alert">
                  {fieldError}
                </p>
              )}
            </div>
          )}
          {keep && fieldError && (
            <p className="field-error error" role="alert">
              {fieldError}
            </p>
          )}
          {inUse && <AlreadyInUse kind="email" login={keep ? undefined : email.trim()} />}
          <button type="submit" className="button" disabled={busy}>
            {t('flows.onboarding.email.send')}
          </button>
        </form>
      )}
    </section>
  );
}
