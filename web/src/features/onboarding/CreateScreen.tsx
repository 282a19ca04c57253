import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { Steps } from './components/Steps';
import { onboardingState } from './onboarding-state';
import './onboarding.css';

type NameField = 'firstname' | 'lastname';

/**
 * `/onboarding/create` ("Your details"): the person's first and family name
 * (the dashboard greets them by it), then what the next steps confirm and why.
 */
export default function CreateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const id = useId();
  const state = onboardingState.get();
  const [names, setNames] = useState(state?.names ?? { firstname: '', lastname: '' });
  const [missing, setMissing] = useState<Set<NameField>>(new Set());
  if (!state) return <Navigate to={href('onboarding')} replace />;
  // The terms come first (spec part 4's order).
  if (!state.terms) return <Navigate to={href('onboarding')} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const clean = { firstname: names.firstname.trim(), lastname: names.lastname.trim() };
    const empty = new Set((['firstname', 'lastname'] as const).filter((f) => !clean[f]));
    setMissing(empty);
    if (empty.size > 0) {
      document
        .getElementById(`${id}-${empty.has('firstname') ? 'firstname' : 'lastname'}`)
        ?.focus();
      return;
    }
    onboardingState.update({ names: clean });
    navigate(href('onboarding.email-verification'));
  };

  const field = (name: NameField, autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t(`flows.onboarding.create.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={100}
        value={names[name]}
        onChange={(e) => {
          setNames({ ...names, [name]: e.target.value });
          setMissing((was) => {
            const next = new Set(was);
            next.delete(name);
            return next;
          });
        }}
        aria-invalid={missing.has(name) ? true : undefined}
        aria-describedby={missing.has(name) ? `${id}-${name}-error` : undefined}
      />
      {missing.has(name) && (
        <p id={`${id}-${name}-error`} className="field-error error">
          {t('flows.onboarding.create.required')}
        </p>
      )}
    </div>
  );

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="details" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.create.title')}</h1>
      <p>{t('flows.onboarding.create.intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        {field('firstname', 'given-name')}
        {field('lastname', 'family-name')}
        <p>{t('flows.onboarding.create.username')}</p>
        <p>{t('flows.onboarding.create.security')}</p>
        <button type="submit" className="button">
          {t('flows.onboarding.create.submit')}
        </button>
      </form>
    </section>
  );
}
