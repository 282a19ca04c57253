import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../components/self-service.css';
import { Form, requiredCheck, SubmitButton, TextField } from '../../components/form';
import { getConfig } from '../../lib/config';
import { drawnValue } from '../../lib/hydration';
import { useContactFormat } from '../../lib/phone';
import { usePhone } from './api/onboarding';
import { AlreadyInUse } from './components/AlreadyInUse';
import { CodeStep } from './components/CodeStep';
import { Confirmed } from './components/Confirmed';
import { FormRefusal, StepActions, useStepPage, withView } from './components/StepPage';
import { Steps } from './components/Steps';
import './onboarding.css';

/**
 * `/onboarding/phone-verification`: the mobile number (the gateway reads it
 * in the variant's country unless typed internationally), confirmed with the
 * code sent by SMS on the same page. After Back, the confirmed number is
 * shown with Continue.
 */
export default function PhoneVerificationScreen() {
  const { t } = useTranslation();
  const show = useContactFormat();
  const titleId = useId();
  const fieldId = useId();
  const send = usePhone();
  const [edited, setEdited] = useState(false);
  const page = useStepPage(send.error, edited);
  // A drawn page's field starts from what it shows (typed before the script arrived, too).
  const [phone, setPhone] = useState(() => drawnValue(fieldId, page.values.phone ?? ''));
  const lu = getConfig().variant === 'lu';
  const check = useMemo(() => requiredCheck(t('flows.onboarding.phone.invalid')), [t]);

  return withView(page.view, titleId, (view) => {
    const inUse = page.refusal?.text === t('flows.onboarding.phone.duplicated');
    const refused = page.at('phone');
    let body: React.ReactNode;
    if (view.step === 'phone-done' && view.phone) {
      body = (
        <Confirmed text={t('flows.onboarding.phone.confirmed', { target: show(view.phone.to) })} />
      );
    } else if (view.step === 'phone-code' && view.phone) {
      body = (
        <CodeStep
          // The number typed here, in full (docs/journeys-signin.md).
          sentText={t('flows.onboarding.phone.sent', { target: show(view.phone.to) })}
          changeLabel={t('flows.onboarding.phone.change')}
          drawnRefusal={edited ? null : page.refusal}
        >
          <AlreadyInUse kind="phone" noCode />
        </CodeStep>
      );
    } else {
      body = (
        <Form
          method="post"
          busy={send.isPending}
          refusal={refused ? { field: 'phone', message: refused } : null}
          onSubmit={() => send.mutate(phone)}
        >
          <TextField
            id={fieldId}
            label={t('flows.onboarding.phone.label')}
            description={lu ? t('flows.onboarding.phone.hintLu') : t('flows.onboarding.phone.hint')}
            type="tel"
            name="phone"
            input={{ autoComplete: 'tel', inputMode: 'tel', required: true }}
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setEdited(true);
              send.reset();
            }}
            validate={check}
          />
          {inUse && <AlreadyInUse kind="phone" />}
          <StepActions>
            <SubmitButton>{t('flows.onboarding.phone.send')}</SubmitButton>
          </StepActions>
        </Form>
      );
    }
    return (
      <section className="card narrow" aria-labelledby={titleId}>
        <Steps current="phone" source={view.source} />
        <h1 id={titleId}>{t('flows.onboarding.phone.title')}</h1>
        <FormRefusal refusal={page.refusal} />
        {body}
      </section>
    );
  });
}
