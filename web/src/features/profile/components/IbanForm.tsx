import { IBAN_COUNTRIES, type User } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/SelectField';
import { useStepUpInPlace } from '../../../components/StepUp';
import { queryKeys } from '../../../lib/api';
import { maybeConfig } from '../../../lib/config';
import { type ErrorTexts, errorOf, errorText, type PortalError } from '../../../lib/errors';
import { countryName, useFormat } from '../../../lib/format';
import { tsr } from '../../../lib/tsr';
import { formatIban } from '../profile-format';

/** Spec part 8: a refused IBAN (400, 422) is "invalid"; any other failure "couldn't be updated". */
const IBAN_TEXTS = {
  invalid: 'account.iban.invalid',
  rejected: 'account.iban.invalid',
  fallback: 'account.iban.failed',
} as const satisfies ErrorTexts;
type IbanCountry = (typeof IBAN_COUNTRIES)[number];

/** IBAN and its country (spec parts 3 and 8): the 47 countries named in the current language. */
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
  const queryClient = useQueryClient();
  const stepUp = useStepUpInPlace();
  const ibanId = useId();
  const errorId = useId();
  const variantCountry: IbanCountry = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  const [country, setCountry] = useState<IbanCountry>(user.iban_country ?? variantCountry);
  const [iban, setIban] = useState(user.iban ? formatIban(user.iban) : '');
  /** `invalid`: nothing typed (checked before sending). */
  const [problem, setProblem] = useState<PortalError | 'invalid' | null>(null);

  const countries = useMemo(
    () =>
      IBAN_COUNTRIES.map((code) => ({ code, name: countryName(locale, code) })).sort((a, b) =>
        a.name.localeCompare(b.name, locale),
      ),
    [locale],
  );

  const save = useMutation({
    mutationFn: (body: { iban: string; country: IbanCountry }) =>
      stepUp.run(() => tsr.profile.updateIban.mutate({ body })),
    onSuccess: async (res) => {
      if (!res) return;
      if (res.status === 200) {
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
        onSaved();
      } else {
        setProblem(errorOf(res, IBAN_TEXTS));
      }
    },
    onError: (thrown) => setProblem(errorOf(thrown, IBAN_TEXTS)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (iban.trim() === '') return setProblem('invalid');
    save.mutate({ iban: iban.trim(), country });
  };

  const failure = typeof problem === 'object' ? problem : null;
  const refused =
    problem === 'invalid' || failure?.kind === 'invalid' || failure?.kind === 'rejected';

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
        <div className="field">
          <label htmlFor={ibanId}>{t('account.iban.iban')}</label>
          <input
            id={ibanId}
            name="iban"
            autoComplete="off"
            spellCheck={false}
            value={iban}
            onChange={(e) => {
              setIban(e.target.value.toUpperCase());
              setProblem(null);
            }}
            aria-invalid={refused || undefined}
            aria-describedby={problem ? errorId : undefined}
          />
        </div>
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
