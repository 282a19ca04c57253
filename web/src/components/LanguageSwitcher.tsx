import type { Locale } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown, Globe } from 'lucide-react';
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components/Select';
import { useTranslation } from 'react-i18next';
import { changeLocale, languageOfLocale } from '../i18n/i18n';
import { rememberLocale } from '../i18n/remember';
import { queryKeys } from '../lib/api';
import { getConfig } from '../lib/config';
import { useCurrentUser } from '../lib/session';
import { tsr } from '../lib/tsr';

/** Each language by its own name, as language pickers do (not translated). */
export const LANGUAGE_NAMES: Record<Locale, { name: string; lang: string }> = {
  en: { name: 'English', lang: 'en' },
  fr: { name: 'Français', lang: 'fr' },
  nl: { name: 'Nederlands', lang: 'nl' },
  en_LU: { name: 'English', lang: 'en' },
  fr_LU: { name: 'Français', lang: 'fr' },
  de_LU: { name: 'Deutsch', lang: 'de' },
};

/**
 * The variant's languages and the change of language: it shows at once, is
 * remembered for the next visit and, when signed in, kept on the profile so
 * that the next sign-in uses it too.
 */
export function useLanguageChoice() {
  const { i18n } = useTranslation();
  const config = getConfig();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const update = tsr.profile.updateUser.useMutation({
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
  const choose = async (locale: Locale) => {
    // Kept at once: a visitor who picks a language and follows a link straight away
    // keeps it, even before its texts have arrived.
    rememberLocale(locale, config.variant);
    await changeLocale(locale);
    const language = languageOfLocale(locale);
    if (user && user.language !== language) update.mutate({ body: { language } });
  };
  return { current: i18n.language as Locale, languages: config.languages, choose };
}

/** The header's language switcher (wide screens; narrow ones have it in the header menu). */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current, languages, choose } = useLanguageChoice();
  return (
    <Select
      className="language-switcher"
      aria-label={t('common.app.language')}
      selectedKey={current}
      onSelectionChange={(key) => {
        if (key !== null && key !== current) void choose(key as Locale);
      }}
    >
      <Button className="button button-tertiary select-button">
        <Globe size={18} aria-hidden="true" />
        <SelectValue />
        <ChevronDown size={16} aria-hidden="true" />
      </Button>
      <Popover className="popover" placement="bottom end">
        <ListBox className="listbox">
          {languages.map((locale) => (
            <ListBoxItem
              key={locale}
              id={locale}
              className="listbox-item"
              textValue={LANGUAGE_NAMES[locale].name}
            >
              {({ isSelected }) => (
                <>
                  <span lang={LANGUAGE_NAMES[locale].lang}>{LANGUAGE_NAMES[locale].name}</span>
                  {isSelected && <Check size={16} aria-hidden="true" />}
                </>
              )}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
