import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Radio, RadioGroup } from '../../components/Choices';
import { TextField } from '../../components/TextField';
import { getConfig } from '../../lib/config';
import { href } from '../../lib/routes';
import {
  shownValue,
  useChosenBeforeScript,
  useTypedBeforeScript,
} from '../../lib/typed-before-script';
import { useForgotUsername } from './api/recovery';
import { useRefusal } from './refusal';

/** Spec part 5: a Belgian card number; LU calls it an activation code and writes it LU-ACT-0001. */
const CARD_NUMBER = /^5065\d{12}$/;
const ACTIVATION_CODE = /^[A-Z]{2}-[A-Z]{3}-\d{4}$/;
const NRN = /^\d{11}$/;

type By = 'card' | 'nrn';

/**
 * Forgot username (spec part 2): by card number (LU: activation code) or by
 * national register number (BE), then the usernames found.
 */
/** The radio group's name: a choice made on the drawn page before its script is kept. */
const BY_GROUP = 'forgot-username-by';

export default function ForgotUsernameScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lu = getConfig().variant === 'lu';
  const id = useId();
  const [by, setBy] = useState<By>('card');
  const [value, setValue] = useState('');
  const find = useForgotUsername();
  const refusal = useRefusal(find, by, (field) => t(`recovery.forgotUsername.errors.${field}`));
  useTypedBeforeScript(id, setValue);
  useChosenBeforeScript(BY_GROUP, (chosen) => {
    if (chosen === 'card' || chosen === 'nrn') setBy(chosen);
  });

  const normalised = () => {
    // What the field shows is what is sent (its text may not have reached the state).
    const shown = shownValue(id, value);
    return by === 'nrn'
      ? shown.replace(/[\s.-]/g, '')
      : lu
        ? shown.trim().toUpperCase()
        : shown.replace(/\s/g, '');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    const typed = normalised();
    const valid = by === 'nrn' ? NRN : lu ? ACTIVATION_CODE : CARD_NUMBER;
    if (!valid.test(typed)) return refusal.refuse(by);
    const body =
      by === 'nrn'
        ? { national_register_number: typed }
        : lu
          ? { activation_code: typed }
          : { card_number: typed };
    find.mutate(body, { onSuccess: () => navigate(href('forgot-username-response')) });
  };
  const { message } = refusal;

  return (
    <section className="card narrow" aria-labelledby="forgot-username-title">
      <h1 id="forgot-username-title">{t('recovery.forgotUsername.title')}</h1>
      <p>{t('recovery.forgotUsername.intro')}</p>
      <form onSubmit={submit} noValidate>
        {!lu && (
          <RadioGroup
            name={BY_GROUP}
            label={t('recovery.forgotUsername.intro')}
            labelHidden
            className="choice-group radios"
            value={by}
            onChange={(value) => {
              setBy(value as typeof by);
              setValue('');
              refusal.clear();
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
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            refusal.clear();
          }}
          error={message}
          invalid={refusal.wrong === by}
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
