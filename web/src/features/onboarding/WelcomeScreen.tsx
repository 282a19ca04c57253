import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { onboardingState } from './onboarding-state';
import './onboarding.css';

/** `/onboarding/welcome`: the card or code is recognised; what the account creation asks next. */
export default function WelcomeScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const state = onboardingState.get();
  if (!state) return <Navigate to={href('onboarding')} replace />;
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.onboarding.welcome.title')}</h1>
      <p className="notice notice-success">
        {state.source === 'card'
          ? t('flows.onboarding.welcome.card')
          : t('flows.onboarding.welcome.code')}
      </p>
      <p>{t('flows.onboarding.welcome.next')}</p>
      <ul>
        <li>{t('flows.onboarding.welcome.stepTerms')}</li>
        <li>{t('flows.onboarding.welcome.stepDetails')}</li>
        <li>{t('flows.onboarding.welcome.stepEmail')}</li>
        <li>{t('flows.onboarding.welcome.stepPhone')}</li>
        <li>{t('flows.onboarding.welcome.stepPassword')}</li>
      </ul>
      <Link to={href('onboarding.terms-conditions')} className="button">
        {t('flows.onboarding.welcome.start')}
      </Link>
    </section>
  );
}
