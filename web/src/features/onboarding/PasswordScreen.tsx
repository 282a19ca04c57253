import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { href } from '../../app/routes';
import { NewPasswordFields } from '../../components/PasswordRules';
import '../../components/self-service.css';
import { api } from '../../lib/api';
import { endsTheFlow, FlowEnded } from './components/StepError';
import { Steps } from './components/Steps';
import { type StepError, stepErrorOf } from './errors';
import { onboardingState } from './onboarding-state';
import './onboarding.css';

type PasswordError = 'required' | 'length' | 'letters' | 'numbers' | 'special';

/** The server's password rule message (spec part 5 wording) as a text key. */
function ruleOf(message: string | undefined): PasswordError {
  switch (message) {
    case 'Password is required':
      return 'required';
    case 'No letter':
      return 'letters';
    case 'No number':
      return 'numbers';
    case 'No special characters':
      return 'special';
    default:
      return 'length';
  }
}

/**
 * `/onboarding/password`: the password of the new account (rules shown live).
 * Saving it sends the terms accepted earlier, which creates the account,
 * activates the card and signs the user in; the confirmation says how it went.
 */
export default function PasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const state = onboardingState.get();
  const [password, setPassword] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<StepError | null>(null);
  const [busy, setBusy] = useState(false);
  const [ruleBroken, setRuleBroken] = useState<PasswordError | null>(null);
  if (!state) return <Navigate to={href('onboarding')} replace />;
  const { payload, terms } = state;
  // Terms are accepted before the account exists (spec part 4's order).
  if (!terms) return <Navigate to={href('onboarding')} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await api.onboarding.setPassword({ body: { payload, password } });
      if (saved.status === 400) {
        setRuleBroken(ruleOf(saved.body.issues?.[0]?.message));
        return;
      }
      if (saved.status !== 200) return setError(stepErrorOf(saved));
      const created = await api.onboarding.acceptTerms({
        body: { payload, terms: true, privacy: true, marketing: terms.marketing },
      });
      if (created.status !== 200) return setError(stepErrorOf(created));
      onboardingState.update({ outcome: created.body.outcome });
      navigate(href('onboarding.confirmation'));
    } catch {
      setError('generic');
    } finally {
      setBusy(false);
    }
  };

  const message =
    error === 'emailDuplicated'
      ? t('flows.onboarding.email.duplicated')
      : error === 'phoneDuplicated'
        ? t('flows.onboarding.phone.duplicated')
        : error
          ? t('common.errors.generic')
          : null;

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="password" />
      <h1 id={titleId}>{t('flows.onboarding.password.title')}</h1>
      {error && endsTheFlow(error) ? (
        <FlowEnded error={error} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>{t('flows.onboarding.password.intro')}</p>
          <NewPasswordFields
            showErrors={showErrors}
            onChange={(value) => {
              setPassword(value);
              setRuleBroken(null);
            }}
            serverError={ruleBroken ? t(`common.password.errors.${ruleBroken}`) : null}
          />
          {message && (
            <p className="error" role="alert">
              {message}
            </p>
          )}
          <button type="submit" className="button" disabled={busy}>
            {t('flows.onboarding.password.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
