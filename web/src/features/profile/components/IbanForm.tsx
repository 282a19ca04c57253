import type { User } from '@portal/contract';
import { IBAN_COUNTRIES } from '@portal/contract/fields';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, FormError, requiredCheck, SubmitButton, TextField } from '../../../components/form';
import { SelectField } from '../../../components/SelectField';
import { useStepUpInPlace } from '../../../components/StepUp';
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
  const variantCountry: IbanCountry = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  const [country, setCountry] = useState<IbanCountry>(user.iban_country ?? variantCountry);
  const [iban, setIban] = useState(user.iban ? formatIban(user.iban) : '');

  const countries = useMemo(
    () =>
      IBAN_COUNTRIES.map((code) => ({ code, name: countryName(locale, code) })).sort((a, b) =>
        a.name.localeCompare(b.name, locale),
      ),
    [locale],
  );

  const save = useUpdateIban(stepUp.run);
  const failure = save.error ? errorOf(save.error, IBAN_TEXTS) : null;
  // A refused IBAN (400, 422) is said at the IBAN; any other failure below the form.
  const refusal =
    failure && (failure.kind === 'invalid' || failure.kind === 'rejected')
      ? { field: 'iban', message: errorText(t, failure) }
      : null;

  const submit = () => {
    clearFailure(save);
    save.mutate({ iban: iban.trim(), country }, { onSuccess: (res) => res && onSaved() });
  };

  return (
    <>
      <Form
        onSubmit={submit}
        error={refusal ? null : save.error}
        texts={IBAN_TEXTS}
        refusal={refusal}
        busy={save.isPending}
      >
        <div className="field">
          <SelectField
            label={t('account.iban.country')}
            name="country"
            value={country}
            onChange={setCountry}
            options={countries.map((c) => ({ id: c.code, label: c.name }))}
          />
        </div>
        <TextField
          label={t('account.iban.iban')}
          name="iban"
          input={{ autoComplete: 'off', spellCheck: false }}
          value={iban}
          onChange={(typed) => {
            setIban(typed.toUpperCase());
            clearFailure(save);
          }}
          validate={requiredCheck(t('account.iban.invalid'))}
        />
        <FormError />
        <div className="actions">
          <SubmitButton>{t('account.common.save')}</SubmitButton>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('account.common.cancel')}
          </button>
        </div>
      </Form>
      {stepUp.dialog}
    </>
  );
}
