import type { Language, Locale, ProfileUpdate } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Form, FormError, requiredCheck, SubmitButton, TextField } from '../../components/form';
import { href } from '../../lib/routes';
import '../../components/self-service.css';
import { SelectField } from '../../components/SelectField';
import { changeLocale, currentLocale, localeOfLanguage } from '../../i18n/i18n';
import { clearFailure } from '../../lib/api';
import { maybeConfig } from '../../lib/config';
import type { ErrorTexts, TextKey } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useCurrentUser } from '../../lib/session';
import { useUpdateProfile } from './api/profile';
import { languageLabel } from './profile-format';

type Field = 'firstname' | 'lastname' | 'birthdate' | 'gender' | 'language';

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

/** A refused field in this form's words (docs/product.md part 8). */
const FIELD_TEXTS = {
  firstname: 'account.editInfo.invalid.firstname',
  lastname: 'account.editInfo.invalid.lastname',
  birthdate: 'account.editInfo.invalid.birthdate',
  gender: 'account.editInfo.invalid.gender',
  language: 'account.editInfo.invalid.language',
} as const satisfies Record<Field, TextKey>;

function EditInfoForm({ initial }: { initial: Values }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const languages = offeredLanguages();
  if (!languages.includes(values.language)) languages.push(values.language);
  const save = useUpdateProfile();
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = () => {
    clearFailure(save);
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
    });
  };

  return (
    <Form
      className="panel"
      onSubmit={submit}
      error={save.error}
      texts={SAVE_TEXTS}
      fieldTexts={FIELD_TEXTS}
      busy={save.isPending}
    >
      <TextField
        label={t('account.profile.firstname')}
        name="firstname"
        input={{ autoComplete: 'given-name' }}
        value={values.firstname}
        onChange={set('firstname')}
        validate={requiredCheck(t(FIELD_TEXTS.firstname))}
      />
      <TextField
        label={t('account.profile.lastname')}
        name="lastname"
        input={{ autoComplete: 'family-name' }}
        value={values.lastname}
        onChange={set('lastname')}
        validate={requiredCheck(t(FIELD_TEXTS.lastname))}
      />
      <TextField
        label={t('account.profile.birthdate')}
        name="birthdate"
        type="date"
        input={{ autoComplete: 'bday' }}
        value={values.birthdate}
        onChange={set('birthdate')}
      />
      <div className="field">
        <SelectField
          label={t('account.profile.gender')}
          name="gender"
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
          name="language"
          value={values.language}
          onChange={set('language')}
          options={languages.map((l) => ({ id: l, label: languageLabel(l, format.locale) }))}
        />
      </div>
      <FormError />
      <div className="actions">
        <SubmitButton>{t('account.common.save')}</SubmitButton>
        <Link className="button button-secondary" to={href('profile')}>
          {t('account.common.cancel')}
        </Link>
      </div>
    </Form>
  );
}
