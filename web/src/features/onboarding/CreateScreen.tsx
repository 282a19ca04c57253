import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { Steps } from './components/Steps';
import { onboardingState } from './onboarding-state';
import './onboarding.css';

/** `/onboarding/create`: the account to be created — how the user will log in and why both contacts are confirmed. */
export default function CreateScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const state = onboardingState.get();
  if (!state) return <Navigate to={href('onboarding')} replace />;
  // The terms come first (spec part 4's order).
  if (!state.terms) return <Navigate to={href('onboarding')} replace />;
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="email" />
      <h1 id={titleId}>{t('flows.onboarding.create.title')}</h1>
      <p>{t('flows.onboarding.create.intro')}</p>
      <p>{t('flows.onboarding.create.username')}</p>
      <p>{t('flows.onboarding.create.security')}</p>
      <Link to={href('onboarding.email-verification')} className="button">
        {t('flows.onboarding.create.start')}
      </Link>
    </section>
  );
}
