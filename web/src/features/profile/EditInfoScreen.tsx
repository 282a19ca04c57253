import type { Language, Locale, ProfileUpdate } from '@portal/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Actions } from '../../components/Actions';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { SelectField } from '../../components/SelectField';
import { changeLocale, currentLocale, localeOfLanguage } from '../../i18n/i18n';
import { clearFailure } from '../../lib/api';
import { maybeConfig } from '../../lib/config';
import { type ErrorTexts, errorOf, errorText, type PortalError } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { useUpdateProfile } from './api/profile';
import { languageLabel } from './profile-format';

type Field = 'firstname' | 'lastname' | 'birthdate' | 'gender' | 'language';
type Problems = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['firstname', 'lastname', 'birthdate', 'gender', 'language'];

/** A save that failed for another reason than a named field. */
const SAVE_TEXTS = { fallback: 'account.editInfo.failed' } as const satisfies ErrorTexts;

const BE_LANGUAGES: readonly Locale[] = ['en', 'fr', 'nl'];

/** The profile languages this variant offers (spec: en, fr, nl; LU fr, en and de). */
function offeredLanguages(): Language[] {
  const locales = maybeConfig()?.languages ?? BE_LANGUAGES;
  return [...new Set(locales.map((l) => l.split('_')[0] as Language))];
}

export default function EditInfoScreen() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <section aria-labelledby="edit-info-title">
      <h1 id="edit-info-title">{t('account.editInfo.title')}</h1>
      <EditInfoForm
        initial={{
          firstname: user.firstname,
          lastname: user.lastname,
          birthdate: user.birthdate ?? '',
          gender: user.gender ?? '',
          language: user.language,
        }}
      />
    </section>
  );
}

interface Values {
  firstname: string;
  lastname: string;
  birthdate: string;
  gender: string;
  language: Language;
}

function EditInfoForm({ initial }: { initial: Values }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const id = useId();
  const languages = offeredLanguages();
  if (!languages.includes(values.language)) languages.push(values.language);
  const save = useUpdateProfile();
  const failure = save.error ? errorOf(save.error, SAVE_TEXTS) : null;
  /** The fields the server refused, in this form's words. */
  const refusedOf = (refusal: PortalError): Problems =>
    Object.fromEntries(
      FIELDS.filter((field) => refusal.fields[field]).map((field) => [
        field,
        t(`account.editInfo.invalid.${field}`),
      ]),
    );
  // A failure that names no field of the form is said below it.
  const failed = failure && Object.keys(refusedOf(failure)).length === 0 ? failure : null;

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearFailure(save);
    const missing: Problems = {};
    if (!values.firstname.trim()) missing.firstname = t('account.editInfo.invalid.firstname');
    if (!values.lastname.trim()) missing.lastname = t('account.editInfo.invalid.lastname');
    setProblems(missing);
    if (Object.keys(missing).length > 0) return;
    const body: ProfileUpdate = {
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      birthdate: values.birthdate || null,
      gender: (values.gender || null) as ProfileUpdate['gender'],
      language: values.language,
    };
    save.mutate(body, {
      onSuccess: async (res) => {
        const allowed = maybeConfig()?.languages ?? BE_LANGUAGES;
        const locale = localeOfLanguage(res.body.data.language, allowed);
        if (locale && locale !== currentLocale()) await changeLocale(locale);
        navigate(href('profile'), { state: { notice: 'infoSaved' } });
      },
      onError: (thrown) => setProblems(refusedOf(errorOf(thrown, SAVE_TEXTS))),
    });
  };

  const input = (field: 'firstname' | 'lastname', autoComplete: string) => (
    <div className="field">
      <label htmlFor={`${id}-${field}`}>{t(`account.profile.${field}`)}</label>
      <input
        id={`${id}-${field}`}
        name={field}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(e) => set(field)(e.target.value)}
        aria-invalid={problems[field] ? true : undefined}
        aria-describedby={problems[field] ? `${id}-${field}-error` : undefined}
      />
      <FieldError id={`${id}-${field}-error`} message={problems[field]} />
    </div>
  );

  return (
    <form className="panel" onSubmit={submit} noValidate>
      {input('firstname', 'given-name')}
      {input('lastname', 'family-name')}
      <div className="field">
        <label htmlFor={`${id}-birthdate`}>{t('account.profile.birthdate')}</label>
        <input
          id={`${id}-birthdate`}
          name="birthdate"
          type="date"
          autoComplete="bday"
          value={values.birthdate}
          onChange={(e) => set('birthdate')(e.target.value)}
          aria-invalid={problems.birthdate ? true : undefined}
          aria-describedby={problems.birthdate ? `${id}-birthdate-error` : undefined}
        />
        <FieldError id={`${id}-birthdate-error`} message={problems.birthdate} />
      </div>
      <div className="field">
        <SelectField
          label={t('account.profile.gender')}
          // "Not given" is the empty value of the form.
          value={values.gender || 'unset'}
          onChange={(gender) => set('gender')(gender === 'unset' ? '' : gender)}
          options={(['unset', 'female', 'male', 'other'] as const).map((gender) => ({
            id: gender,
            label: t(`account.profile.genders.${gender}`),
          }))}
        />
      </div>
      <div className="field">
        <SelectField
          label={t('account.profile.language')}
          value={values.language}
          onChange={set('language')}
          options={languages.map((l) => ({ id: l, label: languageLabel(l, format.locale) }))}
          invalid={Boolean(problems.language)}
          describedBy={problems.language ? `${id}-language-error` : undefined}
        />
        <FieldError id={`${id}-language-error`} message={problems.language} />
      </div>
      <Actions
        error={failed && errorText(t, failed)}
        busy={save.isPending}
        primary={{ label: t('account.common.save'), submit: true }}
        secondary={{ label: t('account.common.cancel'), to: href('profile') }}
      />
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="error">
      {message}
    </p>
  );
}
