import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RadioGroup } from '../../components/Choices';
import { emailCheck, Form, OwnFieldError, SubmitButton, TextField } from '../../components/form';
import { ListRadioRow } from '../../components/ListRadioRow';
import { ListRows } from '../../components/ListRow';
import { drawnChoice, drawnValue, useDrawnAtHydration } from '../../lib/hydration';
import '../../components/self-service.css';
import '../../components/flows.css';
import { useEmail } from './api/onboarding';
import { AlreadyInUse } from './components/AlreadyInUse';
import { CodeStep } from './components/CodeStep';
import { Confirmed } from './components/Confirmed';
import { FormRefusal, StepActions, useStepPage, withView } from './components/StepPage';
import { Steps } from './components/Steps';
import './onboarding.css';

/**
 * `/onboarding/email-verification`: give a personal e-mail address (the
 * recommended choice, so the one chosen to begin with) or keep the one that
 * came with the card (docs/product.md part 2), then confirm it with the code sent to it,
 * on the same page. After Back, the confirmed address is shown with Continue.
 */
export default function EmailVerificationScreen() {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldId = useId();
  const send = useEmail();
  const [edited, setEdited] = useState(false);
  const page = useStepPage(send.error, edited);
  const [keep, setKeep] = useState(page.values.choice === 'keep');
  // A choice made on the drawn page before its script arrived stays chosen.
  useDrawnAtHydration(
    () => drawnChoice('choice'),
    (chosen) => setKeep(chosen === 'keep'),
  );
  // A drawn page's field starts from what it shows (typed before the script arrived, too).
  const [email, setEmail] = useState(() =>
    drawnValue(fieldId, page.values.email ?? page.view?.email?.login ?? ''),
  );
  const check = useMemo(() => emailCheck(t('flows.onboarding.email.invalid')), [t]);

  return withView(page.view, titleId, (view) => {
    const current = view.currentEmail;
    const fieldError = page.at('email');
    const inUse = page.refusal?.text === t('flows.onboarding.email.duplicated');
    const changed = () => {
      setEdited(true);
      send.reset();
    };

    let body: React.ReactNode;
    if (view.step === 'email-done' && view.email) {
      body = <Confirmed text={t('flows.onboarding.email.confirmed', { target: view.email.to })} />;
    } else if (view.step === 'email-code' && view.email) {
      body = (
        <CodeStep
          // The address typed here, in full; the kept one as the account API masks it.
          sentText={t('flows.onboarding.email.sent', { target: view.email.to })}
          changeLabel={t('flows.onboarding.email.change')}
          drawnRefusal={edited ? null : page.refusal}
        >
          <AlreadyInUse kind="email" noCode />
        </CodeStep>
      );
    } else {
      body = (
        <Form
          method="post"
          busy={send.isPending}
          // The kept address's refusal has no field of its own: said under the choice.
          refusal={fieldError && !keep ? { field: 'email', message: fieldError } : null}
          // The address is checked before it is sent; the kept one needs no check.
          onSubmit={() => send.mutate(keep ? { keep: true } : { email: email.trim() })}
        >
          {current !== null && (
            <RadioGroup
              label={t('flows.onboarding.email.choice')}
              name="choice"
              value={keep ? 'keep' : 'personal'}
              onChange={(value) => {
                setKeep(value === 'keep');
                changed();
              }}
            >
              <ListRows>
                <ListRadioRow
                  value="personal"
                  title={t('flows.onboarding.email.personal')}
                  badge={t('flows.onboarding.email.recommended')}
                  description={t('flows.onboarding.email.personalText')}
                />
                <ListRadioRow
                  value="keep"
                  title={t('flows.onboarding.email.keep', { email: current })}
                  description={t('flows.onboarding.email.keepText')}
                />
              </ListRows>
            </RadioGroup>
          )}
          {/* Without script both are sent; the choice says which counts. */}
          {!keep && (
            <TextField
              id={fieldId}
              label={t('flows.onboarding.email.label')}
              type="email"
              name="email"
              input={{ autoComplete: 'email', required: true }}
              value={email}
              onChange={(value) => {
                setEmail(value);
                changed();
              }}
              validate={check}
            />
          )}
          {keep && <OwnFieldError id={`${fieldId}-kept`}>{fieldError}</OwnFieldError>}
          {inUse && <AlreadyInUse kind="email" />}
          <StepActions>
            <SubmitButton>{t('flows.onboarding.email.send')}</SubmitButton>
          </StepActions>
        </Form>
      );
    }
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <Steps current="email" source={view.source} />
        <h1 id={titleId}>{t('flows.onboarding.email.title')}</h1>
        <FormRefusal refusal={page.refusal} />
        {body}
      </section>
    );
  });
}
