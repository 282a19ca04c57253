import { useTranslation } from 'react-i18next';

/** `fr_LU` → `fr-LU`: what Intl understands. */
const bcp47 = (locale: string) => locale.replace('_', '-');

/**
 * Dates, times and country names in the current language, through Intl
 * (no hand-made lists): the same data every browser already ships.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = bcp47(i18n.language || 'en');
  return {
    locale,
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    date: (iso: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso),
      ),
    country: (code: string) => countryName(locale, code),
  };
}

export function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([bcp47(locale)], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
