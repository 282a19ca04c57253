import type { Language, Locale } from '@portal/contract';
import { languageOfLocale } from './i18n';

/**
 * The visitor's chosen language, kept for the next visit in a cookie the
 * server reads too: it draws the sign-in pages in that language
 * (docs/decisions/0005-server-rendered-entry-pages.md). The value is the
 * two-letter language (spec part 4: the LU variant keeps a two-letter value),
 * which each variant maps to its own locale. Not httpOnly: the page writes it.
 */
export const LANGUAGE_COOKIE = 'lang';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Keeps `locale`'s language for the next visit (the switcher's choice, a sign-in's language). */
export function rememberLanguage(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // Not the Cookie Store API: start-up reads the cookie synchronously, and Firefox ESR lacks it.
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed name and a two-letter value, nothing to escape
  document.cookie = `${LANGUAGE_COOKIE}=${languageOfLocale(locale)}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secure}`;
}

/** The language kept by an earlier visit, or null. */
export function rememberedLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const pair = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return pair === 'en' || pair === 'fr' || pair === 'nl' || pair === 'de' ? pair : null;
}
