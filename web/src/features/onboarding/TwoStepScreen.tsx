import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { Steps } from './components/Steps';
import { onboardingState } from './onboarding-state';
import './onboarding.css';
import { useContactFormat } from '../../lib/phone';

/**
 * `/onboarding-mfa` (spec part 4's onboarding order: after the phone, before
 * the password): the new account will ask for a code on unknown devices, sent
 * to the e-mail address (main method) or the phone (backup) just confirmed.
 * The upstream creates the account with both methods, so there is nothing to
 * choose here; the step says what that means before the password is set.
 */
export default function TwoStepScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const navigate = useNavigate();
  const titleId = useId();
  const state = onboardingState.get();
  if (!state) return <Navigate to={href('onboarding')} replace />;
  const { email, phone } = state.verified ?? { email: null, phone: null };

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="security" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.twoStep.title')}</h1>
      <p>{t('flows.onboarding.twoStep.intro')}</p>
      <ul className="rows" aria-label={t('flows.onboarding.twoStep.methods')}>
        <li>
          <div className="row-main">
            <strong>{t('flows.onboarding.twoStep.email')}</strong>
            <span className="badge badge-brand">{t('flows.onboarding.twoStep.main')}</span>
            {email && <p className="muted">{email}</p>}
          </div>
        </li>
        <li>
          <div className="row-main">
            <strong>{t('flows.onboarding.twoStep.sms')}</strong>
            <span className="badge">{t('flows.onboarding.twoStep.backup')}</span>
            {phone && <p className="muted">{show(phone)}</p>}
          </div>
        </li>
      </ul>
      <p className="muted">{t('flows.onboarding.twoStep.later')}</p>
      <button
        type="button"
        className="button"
        onClick={() => navigate(href('onboarding.password'))}
      >
        {t('flows.onboarding.twoStep.continue')}
      </button>
    </section>
  );
}
