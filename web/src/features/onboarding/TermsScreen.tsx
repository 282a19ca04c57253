import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Checkbox, Radio, RadioGroup } from '../../components/Choices';
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
  // A document's "I accept": left unchecked at submit, it is marked and described by the error.
  const accept = (checked: boolean, set: (checked: boolean) => void, label: string) => (
    <Checkbox
      checked={checked}
      onChange={(value) => {
        set(value);
        setShowError(false);
      }}
      invalid={showError && !checked}
      describedBy={showError && !checked ? errorId : undefined}
    >
      {label}
    </Checkbox>
  );
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
          {accept(terms, setTerms, t('flows.onboarding.terms.acceptTerms'))}
          <p>
            {t('flows.onboarding.terms.privacyText')}{' '}
            {doc('legal.privacy', t('flows.onboarding.terms.readPrivacy'))}
          </p>
          {accept(privacy, setPrivacy, t('flows.onboarding.terms.acceptPrivacy'))}
          {showError && missing && (
            <p id={errorId} className="field-error error" role="alert">
              {forCode
                ? t('flows.onboarding.terms.requiredCode')
                : t('flows.onboarding.terms.required')}
            </p>
          )}
        </fieldset>
        <RadioGroup
          label={t('flows.onboarding.terms.marketing')}
          value={marketing === null ? null : String(marketing)}
          onChange={(value) => setMarketing(value === 'true')}
        >
          <p className="hint">{t('flows.onboarding.terms.marketingOptional')}</p>
          <Radio value="true">{t('flows.onboarding.terms.marketingYes')}</Radio>
          <Radio value="false">{t('flows.onboarding.terms.marketingNo')}</Radio>
        </RadioGroup>
        <button type="submit" className="button">
          {t('flows.onboarding.terms.submit')}
        </button>
      </form>
    </section>
  );
}
