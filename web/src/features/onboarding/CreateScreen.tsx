import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox, Radio, RadioGroup } from '../../components/Choices';
import {
  type FieldCheck,
  Form,
  OwnFieldError,
  requiredCheck,
  SubmitButton,
  TextField,
  useOwnField,
} from '../../components/form';
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
 * The terms and the privacy policy, each with its "I accept", and one message
 * under both when either is left unticked (or the server refused it): the
 * form's check of `terms` and of `privacy`, the cursor on the first unticked.
 */
function Documents({
  forCode,
  terms,
  privacy,
  onTerms,
  onPrivacy,
}: {
  forCode: boolean;
  terms: boolean;
  privacy: boolean;
  onTerms: (checked: boolean) => void;
  onPrivacy: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const required = t(
    forCode ? 'flows.onboarding.terms.requiredCode' : 'flows.onboarding.terms.required',
  );
  const accepted: FieldCheck = useMemo(
    () => (value) => (value === 'on' ? null : required),
    [required],
  );
  const termsField = useOwnField('terms', terms ? 'on' : '', accepted);
  const privacyField = useOwnField('privacy', privacy ? 'on' : '', accepted);
  const error = termsField.error ?? privacyField.error;
  const errorId = termsField.errorId;
  // A document's "I accept": left unchecked at submit, it is marked and described by the error.
  const accept = (
    name: 'terms' | 'privacy',
    checked: boolean,
    field: typeof termsField,
    set: (checked: boolean) => void,
    label: string,
  ) => (
    <Checkbox
      name={name}
      checked={checked}
      onChange={(value) => {
        field.onChanged();
        set(value);
      }}
      invalid={Boolean(error) && !checked}
      describedBy={error && !checked ? errorId : undefined}
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
    <fieldset
      className="choice-fieldset terms-fieldset"
      aria-describedby={error ? errorId : undefined}
    >
      <legend>{t('flows.onboarding.terms.documents')}</legend>
      <p>{forCode ? t('flows.onboarding.terms.introCode') : t('flows.onboarding.terms.intro')}</p>
      <p>
        {t('flows.onboarding.terms.termsText')}{' '}
        {doc('legal.terms', t('flows.onboarding.terms.readTerms'))}
      </p>
      {accept('terms', terms, termsField, onTerms, t('flows.onboarding.terms.acceptTerms'))}
      <p>
        {t('flows.onboarding.terms.privacyText')}{' '}
        {doc('legal.privacy', t('flows.onboarding.terms.readPrivacy'))}
      </p>
      {accept(
        'privacy',
        privacy,
        privacyField,
        onPrivacy,
        t('flows.onboarding.terms.acceptPrivacy'),
      )}
      <OwnFieldError id={errorId}>{error}</OwnFieldError>
    </fieldset>
  );
}

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
  const nameRequired = useMemo(() => requiredCheck(t('flows.onboarding.create.required')), [t]);

  return withView(page.view, titleId, (view) => {
    const changed = () => {
      setEdited(true);
      details.reset();
    };
    const refusal = page.refusal?.field
      ? { field: page.refusal.field, message: page.refusal.text }
      : null;

    const field = (name: NameField, autoComplete: string) => (
      <TextField
        id={`${id}-${name}`}
        label={t(`flows.onboarding.create.${name}`)}
        name={name}
        input={{ autoComplete, required: true, maxLength: 100 }}
        value={names[name]}
        onChange={(value) => {
          setNames({ ...names, [name]: value });
          changed();
        }}
        validate={nameRequired}
      />
    );

    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <Steps current="details" source={view.source} />
        <h1 id={titleId}>{t('flows.onboarding.create.title')}</h1>
        <p>{t('flows.onboarding.create.intro')}</p>
        <FormRefusal refusal={page.refusal} />
        <Form
          method="post"
          busy={details.isPending}
          refusal={refusal}
          onSubmit={() =>
            details.mutate({
              firstname: names.firstname,
              lastname: names.lastname,
              terms,
              privacy,
              marketing: marketing === true,
            })
          }
        >
          {field('firstname', 'given-name')}
          {field('lastname', 'family-name')}
          <Documents
            forCode={view.source === 'code'}
            terms={terms}
            privacy={privacy}
            onTerms={(checked) => {
              setTerms(checked);
              changed();
            }}
            onPrivacy={(checked) => {
              setPrivacy(checked);
              changed();
            }}
          />
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
            <SubmitButton>{t('flows.onboarding.create.submit')}</SubmitButton>
          </StepActions>
        </Form>
      </section>
    );
  });
}
