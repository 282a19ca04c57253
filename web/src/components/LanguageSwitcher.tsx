import type { Locale } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, languageOfLocale, rememberLocale } from '../i18n/i18n';
import { queryKeys, tsr } from '../lib/api';
import { getConfig } from '../lib/config';
import { useCurrentUser } from '../lib/session';

/** Each language by its own name, as language pickers do (not translated). */
const NAMES: Record<Locale, { name: string; lang: string }> = {
  en: { name: 'English', lang: 'en' },
  fr: { name: 'Français', lang: 'fr' },
  nl: { name: 'Nederlands', lang: 'nl' },
  en_LU: { name: 'English', lang: 'en' },
  fr_LU: { name: 'Français', lang: 'fr' },
  de_LU: { name: 'Deutsch', lang: 'de' },
};

/**
 * The header's language switcher: the variant's languages; a change shows at
 * once, is remembered for the next visit and, when signed in, kept on the
 * profile so that the next sign-in uses it too.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const config = getConfig();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const update = tsr.profile.updateUser.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });

  const onChange = async (locale: Locale) => {
    await changeLocale(locale);
    rememberLocale(locale, config.variant);
    const language = languageOfLocale(locale);
    if (user && user.language !== language) update.mutate({ body: { language } });
  };

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="visually-hidden">
        {t('common.app.language')}
      </label>
      <select
        id={id}
        value={i18n.language}
        onChange={(e) => void onChange(e.target.value as Locale)}
      >
        {config.languages.map((locale) => (
          <option key={locale} value={locale} lang={NAMES[locale].lang}>
            {NAMES[locale].name}
          </option>
        ))}
      </select>
    </div>
  );
}
