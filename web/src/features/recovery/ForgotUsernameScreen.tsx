import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Radio, RadioGroup } from '../../components/Choices';
import { Form, SubmitButton, TextField } from '../../components/form';
import { getConfig } from '../../lib/config';
import { useErrorText } from '../../lib/errors';
import { drawnChoice, drawnValue, useDrawnAtHydration } from '../../lib/hydration';
import { href } from '../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../lib/sign-in-flow';
import { useFindUsernames } from './api/recovery';

/** docs/product.md part 5: a Belgian card number; LU calls it an activation code and writes it LU-ACT-0001. */
const CARD_NUMBER = /^5065\d{12}$/;
const ACTIVATION_CODE = /^[A-Z]{2}-[A-Z]{3}-\d{4}$/;
const NRN = /^\d{11}$/;

type By = 'card' | 'nrn';

/** The number as it is sent: without the spaces, dots and dashes people type. */
const normalised = (by: By, lu: boolean, shown: string) =>
  by === 'nrn'
    ? shown.replace(/[\s.-]/g, '')
    : lu
      ? shown.trim().toUpperCase()
      : shown.replace(/\s/g, '');

/**
 * Forgot username (docs/product.md part 2; docs/flows.md, "Recovery"): by card number
 * (LU: activation code) or by national register number (BE), a form that
 * works without script (the gateway answers 303 to the usernames found);
 * with the script it is checked as typed and sent as JSON.
 */
export default function ForgotUsernameScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const lu = getConfig().variant === 'lu';
  const { pathname } = useLocation();
  const drawnForm = useDrawnForm(pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  const [by, setBy] = useState<By>(drawnForm?.values.by === 'nrn' && !lu ? 'nrn' : 'card');
  const numberId = useId();
  // A drawn page's number starts from what it shows (typed before the script arrived, too).
  const [shown] = useState(() => ({
    by,
    number: drawnValue(
      numberId,
      drawnForm?.values.by === by ? (drawnForm.values.number ?? '') : '',
    ),
  }));
  // A choice made on the drawn page before its script arrived stays chosen.
  useDrawnAtHydration(
    () => drawnChoice('by'),
    (chosen) => {
      if (chosen === 'card' || chosen === 'nrn') setBy(chosen);
    },
  );
  const find = useFindUsernames();
  const failure = find.error ?? drawnAnswer(drawn);
  const fieldText = t(`recovery.forgotUsername.errors.${by}`);
  const message = failure
    ? errorText(failure, { invalid: `recovery.forgotUsername.errors.${by}` })
    : null;
  const checkNumber = useMemo(() => {
    const valid = by === 'nrn' ? NRN : lu ? ACTIVATION_CODE : CARD_NUMBER;
    return (shown: string) => (valid.test(normalised(by, lu, shown)) ? null : fieldText);
  }, [by, lu, fieldText]);

  const clear = () => {
    setDrawn(null);
    find.reset();
  };

  return (
    <section className="card narrow" aria-labelledby="forgot-username-title">
      <h1 id="forgot-username-title">{t('recovery.forgotUsername.title')}</h1>
      <p>{t('recovery.forgotUsername.intro')}</p>
      <Form
        method="post"
        busy={find.isPending}
        refusal={message ? { field: 'number', message } : null}
        onSubmit={(values) => {
          if (find.isPending || find.isSuccess) return;
          clear();
          // What the field shows is what is sent (typed before the script arrived, too).
          find.mutate({ by, number: normalised(by, lu, values.number ?? '') });
        }}
      >
        {!lu && (
          <RadioGroup
            name="by"
            label={t('recovery.forgotUsername.intro')}
            labelHidden
            className="choice-group radios"
            value={by}
            onChange={(value) => {
              setBy(value as By);
              clear();
            }}
          >
            {(['card', 'nrn'] as const).map((option) => (
              <Radio key={option} value={option}>
                {option === 'card'
                  ? t('recovery.forgotUsername.byCard')
                  : t('recovery.forgotUsername.byNrn')}
              </Radio>
            ))}
          </RadioGroup>
        )}
        <TextField
          name="number"
          label={
            by === 'card'
              ? t('recovery.forgotUsername.cardNumber')
              : t('recovery.forgotUsername.nrn')
          }
          description={
            by === 'card'
              ? t('recovery.forgotUsername.cardHint')
              : t('recovery.forgotUsername.nrnHint')
          }
          input={{ inputMode: by === 'card' && lu ? 'text' : 'numeric', autoComplete: 'off' }}
          // A new kind of number starts empty.
          key={by}
          id={numberId}
          defaultValue={by === shown.by ? shown.number : ''}
          onChange={clear}
          validate={checkNumber}
        />
        <SubmitButton className="button button-block">
          {t('recovery.forgotUsername.submit')}
        </SubmitButton>
      </Form>
      <p className="links">
        <Link to={href('login.email')}>{t('recovery.forgotPassword.backToLogin')}</Link>
      </p>
    </section>
  );
}
