import { useTranslation } from 'react-i18next';

/**
 * The Intl locale of a page locale: a region always, so that dates, numbers
 * and places follow the country of the variant, not the United States. The
 * Belgian variant's locales carry no region (`nl`, `fr`, `en`) → `nl-BE`,
 * `fr-BE`, `en-BE`; the Luxembourg ones do (`fr_LU` → `fr-LU`, `de-LU`).
 * English of Luxembourg has no data of its own in the browsers (it would
 * fall back to US English): European English (`en-150`) writes it the same.
 */
const intlLocales = new Map<string, string>();
export function intlLocale(locale: string): string {
  let known = intlLocales.get(locale);
  if (known) return known;
  const [language = 'en', region] = locale.split(/[-_]/);
  const tag = `${language}-${region ?? 'BE'}`;
  const resolved = new Intl.DateTimeFormat(tag).resolvedOptions().locale;
  known = resolved === language ? `${language}-150` : tag;
  intlLocales.set(locale, known);
  return known;
}

/**
 * City names as each language writes them (exonyms), for the cities where the
 * account service places sign-ins; any other city keeps its own name. Intl has
 * country names (`Intl.DisplayNames`), but no city names.
 */
const CITY_NAMES: Record<string, Partial<Record<string, string>>> = {
  Brussels: { nl: 'Brussel', fr: 'Bruxelles', de: 'Brüssel', en: 'Brussels' },
  Antwerp: { nl: 'Antwerpen', fr: 'Anvers', de: 'Antwerpen', en: 'Antwerp' },
  Ghent: { nl: 'Gent', fr: 'Gand', de: 'Gent', en: 'Ghent' },
  Liège: { nl: 'Luik', fr: 'Liège', de: 'Lüttich', en: 'Liège' },
  Luxembourg: { nl: 'Luxemburg', fr: 'Luxembourg', de: 'Luxemburg', en: 'Luxembourg' },
};

export function cityName(locale: string, city: string): string {
  const language = locale.split(/[-_]/)[0] ?? 'en';
  return CITY_NAMES[city]?.[language] ?? city;
}

const regionNames = new Map<string, Intl.DisplayNames>();
export function countryName(locale: string, code: string): string {
  const tag = intlLocale(locale);
  try {
    let names = regionNames.get(tag);
    if (!names) {
      names = new Intl.DisplayNames([tag], { type: 'region' });
      regionNames.set(tag, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The one formatter of dates, numbers and places for a page locale (`nl`, `fr_LU`...). */
export function formatterFor(pageLocale: string) {
  const locale = intlLocale(pageLocale);
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
    number: (value: number) => new Intl.NumberFormat(locale).format(value),
    country: (code: string) => countryName(locale, code),
    /** "Brussel, België" in Dutch, "Bruxelles, Belgique" in French; '' when nothing is known. */
    place: (city: string | null, country: string | null) =>
      [city ? cityName(locale, city) : null, country ? countryName(locale, country) : null]
        .filter(Boolean)
        .join(', '),
  };
}

/**
 * Dates, times, numbers, countries and places in the page's language and
 * the variant's country, through Intl (no hand-made lists but the cities).
 */
export function useFormat() {
  const { i18n } = useTranslation();
  return formatterFor(i18n.language || 'en');
}
