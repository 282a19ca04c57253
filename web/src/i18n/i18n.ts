import type { Locale } from '@portal/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from './locales/en/index';
import { en } from './locales/en/index';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** Each locale's texts load on demand; LU locales are their base language (with LU wording). */
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: async () => en,
  fr: async () => (await import('./locales/fr')).fr,
  nl: async () => (await import('./locales/nl')).nl,
  en_LU: async () => (await import('./locales/lu')).en_LU,
  fr_LU: async () => (await import('./locales/lu')).fr_LU,
  de_LU: async () => (await import('./locales/lu')).de_LU,
};

/** The html lang value of a locale: `fr_LU` → `fr-LU`. */
export const htmlLang = (locale: Locale) => locale.replace('_', '-');

export async function initI18n(locale: Locale): Promise<typeof i18next> {
  const messages = await loaders[locale]();
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = htmlLang(locale);
  return i18next;
}

export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    i18next.addResourceBundle(locale, 'translation', await loaders[locale]());
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = htmlLang(locale);
}

/** Start-up language (spec part 1): the browser's, limited to the variant's, else the fallback. */
export function pickLocale(
  allowed: readonly Locale[],
  fallback: Locale,
  browser: readonly string[],
  remembered: string | null,
): Locale {
  const find = (lang: string) => {
    const base = lang.toLowerCase().split(/[-_]/)[0];
    return allowed.find((l) => l === lang || l.split('_')[0] === base);
  };
  if (remembered) {
    const hit = allowed.find((l) => l === remembered);
    if (hit) return hit;
  }
  for (const lang of browser) {
    const hit = find(lang);
    if (hit) return hit;
  }
  return fallback;
}
