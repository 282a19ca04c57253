import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { onboardingState } from './onboarding-state';

/** `/onboarding`: how to start the account creation — card number (LU: activation code) or invitation code. */
export default function OnboardingStartScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  // A new start forgets any account creation left half-way.
  useEffect(() => onboardingState.clear(), []);
  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <h1 id={titleId}>{t('flows.onboarding.start.title')}</h1>
      <p>{t('flows.onboarding.start.intro')}</p>
      <ul className="choice-list">
        <li>
          <Link to={href('onboarding.card')}>
            <strong>{t('flows.onboarding.start.card')}</strong>
            <span className="muted">{t('flows.onboarding.start.cardText')}</span>
          </Link>
        </li>
        <li>
          <Link to={href('onboarding.code')}>
            <strong>{t('flows.onboarding.start.code')}</strong>
            <span className="muted">{t('flows.onboarding.start.codeText')}</span>
          </Link>
        </li>
      </ul>
      <p className="links">
        {t('flows.onboarding.start.haveAccount')}{' '}
        <Link to={href('login.email')}>{t('flows.onboarding.start.login')}</Link>
      </p>
    </section>
  );
}
