import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Form, SubmitButton, TextField } from '../../../components/form';
import { getConfig } from '../../../lib/config';
import { drawnValue } from '../../../lib/hydration';
import { href } from '../../../lib/routes';
import { useStart } from '../api/onboarding';
import { FormRefusal, useStepPage } from './StepPage';
import { STEPS, Steps, useStepName } from './Steps';

/** docs/product.md part 5: a Belgian card number is 16 digits starting with 5065. */
export const isCardNumber = (value: string) => /^5065\d{12}$/.test(value.replace(/\s/g, ''));
/** The Luxembourg variant's activation code (the contract's ActivationCode). */
export const isActivationCode = (value: string) =>
  /^[A-Z]{2}-[A-Z]{3}-\d{4}$/.test(value.trim().toUpperCase());
/** The contract's InvitationCode: letters, digits and dashes. */
export const isInvitationCode = (value: string) =>
  /^[A-Z0-9-]{4,32}$/.test(value.trim().toUpperCase());

/** A card number as typed, in groups of four as printed on the card (16 digits at most). */
export const groupCard = (typed: string) =>
  typed
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The first step (docs/product.md part 2's start, the welcome folded in): the card
 * number (LU: activation code) or the invitation code, and the steps that
 * follow, listed with the same names and count as the progress bar. A known
 * card of an existing account leads to existingCard, a new one to "Your
 * details". The other way to start is a link; Back is the sign-in.
 */
export function StartStep({ source }: { source: 'card' | 'code' }) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = useId();
  const lu = getConfig().variant === 'lu';
  const start = useStart();
  const name = source === 'card' ? 'card' : 'invitation';
  const [edited, setEdited] = useState(false);
  const page = useStepPage(start.error, edited);
  const nameOf = useStepName(source);
  const fromFlow = page.view?.source === source ? page.view.entry : '';
  const bySpaces = source === 'card' && !lu;
  // A drawn page's field starts from what it shows (typed before the script arrived, too).
  const [value, setValue] = useState(() => {
    const shown = drawnValue(id, page.values[name] ?? fromFlow);
    return bySpaces ? groupCard(shown) : shown;
  });
  const invalid = t(`flows.onboarding.${source}.invalid`);
  const check = useMemo(() => {
    const valid = source === 'code' ? isInvitationCode : lu ? isActivationCode : isCardNumber;
    return (typed: string) => (valid(typed) ? null : invalid);
  }, [source, lu, invalid]);
  const refused = page.at(name);

  return (
    <section className="card narrow" aria-labelledby={titleId}>
      <Steps current="card" source={source} />
      <h1 id={titleId}>{t(`flows.onboarding.${source}.title`)}</h1>
      <FormRefusal refusal={page.refusal} />
      <Form
        method="post"
        busy={start.isPending}
        refusal={refused ? { field: name, message: refused } : null}
        onSubmit={() => start.mutate(source === 'card' ? { card: value } : { invitation: value })}
      >
        <TextField
          id={id}
          label={t(`flows.onboarding.${source}.label`)}
          description={t(`flows.onboarding.${source}.hint`)}
          name={name}
          input={{
            inputMode: bySpaces ? 'numeric' : 'text',
            autoComplete: 'off',
            autoCapitalize: bySpaces ? undefined : 'characters',
            spellCheck: false,
            required: true,
            // 16 digits in groups of four, as printed on the card.
            maxLength: bySpaces ? 19 : 40,
          }}
          value={value}
          onChange={(typed) => {
            setValue(bySpaces ? groupCard(typed) : typed);
            setEdited(true);
            start.reset();
          }}
          validate={check}
        />
        <div className="onboarding-actions">
          <SubmitButton>{t('flows.onboarding.card.submit')}</SubmitButton>
          {/* Nothing to go back to in the journey: where the person came from to start it. */}
          <Link
            to={href(source === 'card' ? 'login.email' : 'onboarding')}
            className="button button-secondary"
          >
            {t('flows.onboarding.back')}
          </Link>
        </div>
      </Form>
      <div className="onboarding-next">
        <p>{t('flows.onboarding.start.stepsIntro', { count: STEPS.length })}</p>
        <ol className="onboarding-steps">
          {STEPS.map((step) => (
            <li key={step} aria-current={step === 'card' ? 'step' : undefined}>
              {nameOf(step)}
            </li>
          ))}
        </ol>
      </div>
      <p className="links">
        {source === 'card' ? (
          <Link to={href('onboarding.code')}>{t('flows.onboarding.start.code')}</Link>
        ) : (
          <Link to={href('onboarding')}>{t('flows.onboarding.start.card')}</Link>
        )}
      </p>
      <p className="links">
        {t('flows.onboarding.start.haveAccount')}{' '}
        <Link to={href('login.email')}>{t('flows.onboarding.start.login')}</Link>
      </p>
    </section>
  );
}
