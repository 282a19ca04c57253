import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Radio, RadioGroup } from '../../components/Choices';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/config';
import { useErrorText } from '../../lib/errors';
import { drawnChoice, useDrawnAtHydration } from '../../lib/hydration';
import { href } from '../../lib/routes';
import { drawnAnswer, useDrawnForm } from '../../lib/sign-in-flow';
import { useFindUsernames } from './api/recovery';

/** docs/product.md part 5: a Belgian card number; LU calls it an activation code and writes it LU-ACT-0001. */
const CARD_NUMBER = /^5065\d{12}$/;
const ACTIVATION_CODE = /^[A-Z]{2}-[A-Z]{3}-\d{4}$/;
const NRN = /^\d{11}$/;

type By = 'card' | 'nrn';

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
  const id = useId();
  const { pathname } = useLocation();
  const drawnForm = useDrawnForm(pathname);
  const [drawn, setDrawn] = useState(drawnForm);
  const [by, setBy] = useState<By>(drawnForm?.values.by === 'nrn' && !lu ? 'nrn' : 'card');
  const [refused, setRefused] = useState(false);
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
  const message = refused
    ? fieldText
    : failure
      ? errorText(failure, { invalid: `recovery.forgotUsername.errors.${by}` })
      : null;

  const clear = () => {
    setRefused(false);
    setDrawn(null);
    find.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (find.isPending || find.isSuccess) return;
    clear();
    // What the field shows is what is sent (typed before the script arrived, too).
    const shown = String(new FormData(event.currentTarget).get('number') ?? '');
    const typed =
      by === 'nrn'
        ? shown.replace(/[\s.-]/g, '')
        : lu
          ? shown.trim().toUpperCase()
          : shown.replace(/\s/g, '');
    const valid = by === 'nrn' ? NRN : lu ? ACTIVATION_CODE : CARD_NUMBER;
    if (!valid.test(typed)) return setRefused(true);
    find.mutate({ by, number: typed });
  };

  return (
    <section className="card narrow" aria-labelledby="forgot-username-title">
      <h1 id="forgot-username-title">{t('recovery.forgotUsername.title')}</h1>
      <p>{t('recovery.forgotUsername.intro')}</p>
      <form method="post" onSubmit={submit} noValidate>
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
          id={id}
          name="number"
          label={
            by === 'card'
              ? t('recovery.forgotUsername.cardNumber')
              : t('recovery.forgotUsername.nrn')
          }
          hint={
            by === 'card'
              ? t('recovery.forgotUsername.cardHint')
              : t('recovery.forgotUsername.nrnHint')
          }
          inputMode={by === 'card' && lu ? 'text' : 'numeric'}
          autoComplete="off"
          // A new kind of number starts empty.
          key={by}
          defaultValue={drawn?.values.by === by ? (drawn.values.number ?? '') : ''}
          onChange={clear}
          error={message}
        />
        <button type="submit" className="button button-block" disabled={find.isPending}>
          {t('recovery.forgotUsername.submit')}
        </button>
      </form>
      <p className="links">
        <Link to={href('login.email')}>{t('recovery.forgotPassword.backToLogin')}</Link>
      </p>
    </section>
  );
}
