import { IBAN_COUNTRIES, type User } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStepUpInPlace } from '../../../components/StepUp';
import { queryKeys, tsr } from '../../../lib/api';
import { maybeConfig } from '../../../lib/config';
import { countryName, useFormat } from '../../../lib/format';
import { formatIban } from '../profile-format';

type Problem = 'invalid' | 'failed';
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
  const countryId = useId();
  const errorId = useId();
  const variantCountry: IbanCountry = maybeConfig()?.variant === 'lu' ? 'LU' : 'BE';
  const [country, setCountry] = useState<IbanCountry>(user.iban_country ?? variantCountry);
  const [iban, setIban] = useState(user.iban ? formatIban(user.iban) : '');
  const [problem, setProblem] = useState<Problem | null>(null);

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
      } else if (res.status === 422 || res.status === 400) {
        setProblem('invalid');
      } else {
        setProblem('failed');
      }
    },
    onError: () => setProblem('failed'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (iban.trim() === '') return setProblem('invalid');
    save.mutate({ iban: iban.trim(), country });
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={countryId}>{t('account.iban.country')}</label>
          <select
            id={countryId}
            value={country}
            onChange={(e) => setCountry(e.target.value as IbanCountry)}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
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
            aria-invalid={problem === 'invalid' || undefined}
            aria-describedby={problem ? errorId : undefined}
          />
        </div>
        {problem && (
          <p id={errorId} className="error" role="alert">
            {problem === 'invalid' ? t('account.iban.invalid') : t('account.iban.failed')}
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
