import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Radio, RadioGroup } from '../../components/Choices';
import { TextField } from '../../components/TextField';
import { drawnValue } from '../../lib/hydration';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import '../../components/flows.css';
import { useDetails } from './api/onboarding';
import { FormRefusal, StepActions, useStepPage, withView } from './components/StepPage';
import { Steps } from './components/Steps';
import './onboarding.css';

type NameField = 'firstname' | 'lastname';

/**
 * `/onboarding/create` ("Your details"): the person's first and family name
 * (the dashboard greets them by it), and the terms and privacy policy, which
 * must be accepted to use the card; the marketing question is optional
 * (docs/product.md part 5). All of it is sent with the password step, which creates the
 * account; the gateway keeps it meanwhile.
 */
export default function CreateScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const id = useId();
  const errorId = useId();
  const details = useDetails();
  const [edited, setEdited] = useState(false);
  const page = useStepPage(details.error, edited);
  const given = page.view?.details;
  const drawn = page.values;
  // A drawn page's fields start from what they show (typed before the script arrived, too).
  const [names, setNames] = useState(() => ({
    firstname: drawnValue(`${id}-firstname`, drawn.firstname ?? given?.firstname ?? ''),
    lastname: drawnValue(`${id}-lastname`, drawn.lastname ?? given?.lastname ?? ''),
  }));
  const [terms, setTerms] = useState(drawn.terms === 'on' || Boolean(given));
  const [privacy, setPrivacy] = useState(drawn.privacy === 'on' || Boolean(given));
  const [marketing, setMarketing] = useState<boolean | null>(
    drawn.marketing ? drawn.marketing === 'true' : (given?.marketing ?? null),
  );
  const [showErrors, setShowErrors] = useState(false);

  return withView(page.view, titleId, (view) => {
    const forCode = view.source === 'code';
    const missing = (name: NameField) => showErrors && names[name].trim() === '';
    const nameError = (name: NameField) =>
      missing(name) ? t('flows.onboarding.create.required') : page.at(name);
    const documentsMissing = showErrors && (!terms || !privacy);
    const documentsError = documentsMissing
      ? t(forCode ? 'flows.onboarding.terms.requiredCode' : 'flows.onboarding.terms.required')
      : (page.at('terms') ?? page.at('privacy'));
    const changed = () => {
      setEdited(true);
      details.reset();
    };

    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      setShowErrors(true);
      const empty = (['firstname', 'lastname'] as const).find((f) => names[f].trim() === '');
      if (empty) return document.getElementById(`${id}-${empty}`)?.focus();
      if (!terms || !privacy) return;
      details.mutate({
        firstname: names.firstname,
        lastname: names.lastname,
        terms,
        privacy,
        marketing: marketing === true,
      });
    };

    const field = (name: NameField, autoComplete: string) => (
      <TextField
        id={`${id}-${name}`}
        label={t(`flows.onboarding.create.${name}`)}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={100}
        value={names[name]}
        onChange={(e) => {
          setNames({ ...names, [name]: e.target.value });
          changed();
        }}
        error={nameError(name)}
      />
    );
    // A document's "I accept": left unchecked at submit, it is marked and described by the error.
    const accept = (
      name: 'terms' | 'privacy',
      checked: boolean,
      set: (checked: boolean) => void,
      label: string,
    ) => (
      <Checkbox
        name={name}
        checked={checked}
        onChange={(value) => {
          set(value);
          changed();
        }}
        invalid={Boolean(documentsError) && !checked}
        describedBy={documentsError && !checked ? errorId : undefined}
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
        <Steps current="details" source={view.source} />
        <h1 id={titleId}>{t('flows.onboarding.create.title')}</h1>
        <p>{t('flows.onboarding.create.intro')}</p>
        <FormRefusal refusal={page.refusal} />
        <form method="post" onSubmit={onSubmit} noValidate>
          {field('firstname', 'given-name')}
          {field('lastname', 'family-name')}
          <fieldset
            className="choice-fieldset terms-fieldset"
            aria-describedby={documentsError ? errorId : undefined}
          >
            <legend>{t('flows.onboarding.terms.documents')}</legend>
            <p>
              {forCode ? t('flows.onboarding.terms.introCode') : t('flows.onboarding.terms.intro')}
            </p>
            <p>
              {t('flows.onboarding.terms.termsText')}{' '}
              {doc('legal.terms', t('flows.onboarding.terms.readTerms'))}
            </p>
            {accept('terms', terms, setTerms, t('flows.onboarding.terms.acceptTerms'))}
            <p>
              {t('flows.onboarding.terms.privacyText')}{' '}
              {doc('legal.privacy', t('flows.onboarding.terms.readPrivacy'))}
            </p>
            {accept('privacy', privacy, setPrivacy, t('flows.onboarding.terms.acceptPrivacy'))}
            {documentsError && (
              <p id={errorId} className="field-error error" role="alert">
                {documentsError}
              </p>
            )}
          </fieldset>
          <RadioGroup
            label={t('flows.onboarding.terms.marketing')}
            name="marketing"
            value={marketing === null ? null : String(marketing)}
            onChange={(value) => {
              setMarketing(value === 'true');
              changed();
            }}
          >
            <p className="hint">{t('flows.onboarding.terms.marketingOptional')}</p>
            <Radio value="true">{t('flows.onboarding.terms.marketingYes')}</Radio>
            <Radio value="false">{t('flows.onboarding.terms.marketingNo')}</Radio>
          </RadioGroup>
          <StepActions>
            <button type="submit" className="button" disabled={details.isPending}>
              {t('flows.onboarding.create.submit')}
            </button>
          </StepActions>
        </form>
      </section>
    );
  });
}
