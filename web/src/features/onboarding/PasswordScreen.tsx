import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { NewPasswordFields } from '../../components/PasswordRules';
import { currentLocale, languageOfLocale } from '../../i18n/i18n';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { errorText, type IssueKey, type PortalError } from '../../lib/errors';
import { useAcceptTerms, useSetOnboardingPassword } from './api/onboarding';
import { FlowEnded } from './components/StepError';
import { Steps } from './components/Steps';
import { endsTheFlow, stepErrorOf } from './errors';
import { onboardingState } from './onboarding-state';
import './onboarding.css';

type BrokenRule = IssueKey | 'forms.password.errors.breached';

/** A refusal said next to the password, like a rule (spec part 5 wording); null for any other. */
function brokenRuleOf(failure: PortalError): BrokenRule | null {
  const rule = failure.fields.password;
  if (rule) return rule.key ?? 'forms.password.errors.length';
  // Found in known breaches (422): said next to the password, like a rule.
  if (failure.code === 'password_breached') return 'forms.password.errors.breached';
  return null;
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
  const savePassword = useSetOnboardingPassword();
  const createAccount = useAcceptTerms();
  /** The password rule the server refused (spec part 5 wording), said at the password until it changes. */
  const [ruleBroken, setRuleBroken] = useState<BrokenRule | null>(null);
  if (!state) return <Navigate to={href('onboarding')} replace />;
  const { payload, terms, names, login } = state;
  // Terms and names come before the account exists (spec part 4's order).
  if (!terms || !names) return <Navigate to={href('onboarding')} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!password) return;
    // A new try: the last one's failure goes (the password's as its mutation starts again).
    createAccount.reset();
    savePassword.mutate(
      { payload, password },
      {
        onError: (thrown) => {
          const rule = brokenRuleOf(stepErrorOf(thrown));
          if (rule) setRuleBroken(rule);
        },
        onSuccess: () =>
          createAccount.mutate(
            {
              payload,
              ...names,
              terms: true,
              privacy: true,
              marketing: terms.marketing,
              // The new account speaks the language its onboarding was done in.
              language: languageOfLocale(currentLocale()),
            },
            {
              onSuccess: (created) => {
                onboardingState.update({ outcome: created.body.outcome });
                navigate(href('onboarding.confirmation'));
              },
            },
          ),
      },
    );
  };

  const saveFailure = savePassword.error ? stepErrorOf(savePassword.error) : null;
  // A broken rule is said at the password, not here.
  const error =
    saveFailure && !brokenRuleOf(saveFailure)
      ? saveFailure
      : createAccount.error
        ? stepErrorOf(createAccount.error)
        : null;
  const busy = savePassword.isPending || createAccount.isPending;
  const ended = error && endsTheFlow(error) ? error : null;

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="password" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.password.title')}</h1>
      {ended ? (
        <FlowEnded error={ended} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <p>{t('flows.onboarding.password.intro')}</p>
          {/*
           * The new account's identifier, for password managers to save with the password
           * (a field of the same form, hidden: the person typed it two steps ago). Absent when
           * the card's address was kept: it is known here only masked.
           */}
          {login && (
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={login}
              readOnly
              hidden
            />
          )}
          <NewPasswordFields
            showErrors={showErrors}
            onChange={(value) => {
              setPassword(value);
              setRuleBroken(null);
            }}
            serverError={ruleBroken ? t(ruleBroken) : null}
          />
          {error && (
            <p className="error" role="alert">
              {errorText(t, error)}
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
