import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { Steps } from './components/Steps';
import { onboardingState } from './onboarding-state';
import './onboarding.css';

/**
 * `/onboarding/terms-conditions`: terms and privacy must be accepted to use
 * the card; the marketing question is optional (spec part 5). The choices are
 * sent with the last step, which creates the account.
 */
export default function TermsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const errorId = useId();
  const state = onboardingState.get();
  const [terms, setTerms] = useState(state?.terms !== undefined);
  const [privacy, setPrivacy] = useState(state?.terms !== undefined);
  const [marketing, setMarketing] = useState<boolean | null>(state?.terms?.marketing ?? null);
  const [showError, setShowError] = useState(false);
  if (!state) return <Navigate to={href('onboarding')} replace />;

  const missing = !terms || !privacy;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (missing) return setShowError(true);
    onboardingState.update({ terms: { marketing: marketing === true } });
    navigate(href('onboarding.create'));
  };

  const forCode = state.source === 'code';
  // Opened in a new tab: the onboarding stays as it is in this one.
  const doc = (name: 'legal.terms' | 'legal.privacy', text: string) => (
    <a href={href(name)} target="_blank" rel="noopener">
      {text}
      <span className="visually-hidden"> ({t('flows.onboarding.terms.newTab')})</span>
    </a>
  );

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="terms" source={state.source} />
      <h1 id={titleId}>{t('flows.onboarding.terms.title')}</h1>
      <p>{forCode ? t('flows.onboarding.terms.introCode') : t('flows.onboarding.terms.intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset
          className="choice-fieldset terms-fieldset"
          aria-describedby={showError && missing ? errorId : undefined}
        >
          <legend>{t('flows.onboarding.terms.documents')}</legend>
          <p>
            {t('flows.onboarding.terms.termsText')}{' '}
            {doc('legal.terms', t('flows.onboarding.terms.readTerms'))}
          </p>
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={terms}
              onChange={(e) => {
                setTerms(e.target.checked);
                setShowError(false);
              }}
              aria-invalid={showError && !terms ? true : undefined}
              aria-describedby={showError && !terms ? errorId : undefined}
            />
            <span>{t('flows.onboarding.terms.acceptTerms')}</span>
          </label>
          <p>
            {t('flows.onboarding.terms.privacyText')}{' '}
            {doc('legal.privacy', t('flows.onboarding.terms.readPrivacy'))}
          </p>
          <label className="checkbox-field">
            <input
              type="checkbox"
              checked={privacy}
              onChange={(e) => {
                setPrivacy(e.target.checked);
                setShowError(false);
              }}
              aria-invalid={showError && !privacy ? true : undefined}
              aria-describedby={showError && !privacy ? errorId : undefined}
            />
            <span>{t('flows.onboarding.terms.acceptPrivacy')}</span>
          </label>
          {showError && missing && (
            <p id={errorId} className="field-error error" role="alert">
              {forCode
                ? t('flows.onboarding.terms.requiredCode')
                : t('flows.onboarding.terms.required')}
            </p>
          )}
        </fieldset>
        <fieldset className="choice-fieldset">
          <legend>{t('flows.onboarding.terms.marketing')}</legend>
          <p className="hint">{t('flows.onboarding.terms.marketingOptional')}</p>
          <label className="checkbox-field">
            <input
              type="radio"
              name="marketing"
              checked={marketing === true}
              onChange={() => setMarketing(true)}
            />
            <span>{t('flows.onboarding.terms.marketingYes')}</span>
          </label>
          <label className="checkbox-field">
            <input
              type="radio"
              name="marketing"
              checked={marketing === false}
              onChange={() => setMarketing(false)}
            />
            <span>{t('flows.onboarding.terms.marketingNo')}</span>
          </label>
        </fieldset>
        <button type="submit" className="button">
          {t('flows.onboarding.terms.submit')}
        </button>
      </form>
    </section>
  );
}
