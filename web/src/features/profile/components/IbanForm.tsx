import { IBAN_COUNTRIES, type User } from '@portal/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/SelectField';
import { useStepUpInPlace } from '../../../components/StepUp';
import { TextField } from '../../../components/TextField';
import { clearFailure } from '../../../lib/api';
import { maybeConfig } from '../../../lib/config';
import { type ErrorTexts, errorOf, errorText } from '../../../lib/errors';
import { countryName, useFormat } from '../../../lib/format';
import { useUpdateIban } from '../api/profile';
import { formatIban } from '../profile-format';

/** docs/product.md part 8: a refused IBAN (400, 422) is "invalid"; any other failure "couldn't be updated". */
const IBAN_TEXTS = {
  invalid: 'account.iban.invalid',
  rejected: 'account.iban.invalid',
  fallback: 'account.iban.failed',
} as const satisfies ErrorTexts;
type IbanCountry = (typeof IBAN_COUNTRIES)[number];

/** IBAN and its country (docs/product.md parts 3 and 8): the 47 countries named in the current language. */
export function IbanForm({
  user,
  onSaved,
  onCancel,
}: {
  user: User;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const stepUp = useStepUpInPlace();
  const ibanId = useId();
  const errorId = useId();
  const variantCountry: IbanCountry = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  const [country, setCountry] = useState<IbanCountry>(user.iban_country ?? variantCountry);
  const [iban, setIban] = useState(user.iban ? formatIban(user.iban) : '');
  /** Nothing typed (checked before sending). */
  const [empty, setEmpty] = useState(false);

  const countries = useMemo(
    () =>
      IBAN_COUNTRIES.map((code) => ({ code, name: countryName(locale, code) })).sort((a, b) =>
        a.name.localeCompare(b.name, locale),
      ),
    [locale],
  );

  const save = useUpdateIban(stepUp.run);
  const failure = save.error ? errorOf(save.error, IBAN_TEXTS) : null;
  const problem = empty || failure !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setEmpty(false);
    clearFailure(save);
    if (iban.trim() === '') return setEmpty(true);
    save.mutate({ iban: iban.trim(), country }, { onSuccess: (res) => res && onSaved() });
  };

  const refused = empty || failure?.kind === 'invalid' || failure?.kind === 'rejected';

  return (
    <>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <SelectField
            label={t('account.iban.country')}
            value={country}
            onChange={setCountry}
            options={countries.map((c) => ({ id: c.code, label: c.name }))}
          />
        </div>
        <TextField
          id={ibanId}
          label={t('account.iban.iban')}
          name="iban"
          autoComplete="off"
          spellCheck={false}
          value={iban}
          onChange={(e) => {
            setIban(e.target.value.toUpperCase());
            setEmpty(false);
            clearFailure(save);
          }}
          invalid={refused}
          describedBy={problem ? errorId : undefined}
        />
        {problem && (
          <p id={errorId} className="error" role="alert">
            {failure ? errorText(t, failure) : t('account.iban.invalid')}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('account.common.save')}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('account.common.cancel')}
          </button>
        </div>
      </form>
      {stepUp.dialog}
    </>
  );
}
