import type { Language, Locale } from '@portal/contract';
import { languageOfLocale, localeOfLanguage } from './i18n';

/**
 * The visitor's chosen language, kept for the next visit in a cookie the
 * server reads too: it draws the sign-in pages in that language
 * (docs/decisions/0005-server-rendered-entry-pages.md). The value is the
 * two-letter language (docs/product.md part 4: the LU variant keeps a two-letter value),
 * which each variant maps to its own locale. Not httpOnly: the page writes it.
 */
export const LANGUAGE_COOKIE = 'lang';
/**
 * The gateway's hand-over of a `?lang=` choice (the switcher's links before
 * the script runs): the next page moves it into this tab's visit choice and
 * deletes it. Short-lived, set next to the language cookie.
 */
export const CHOSEN_COOKIE = 'lang_chosen';
/** This tab's visit choice (session storage, see `chooseLanguage`). */
const VISIT_CHOICE = 'visit_language';
const ONE_YEAR_S = 365 * 24 * 60 * 60;

const LANGUAGES: readonly string[] = ['en', 'fr', 'nl', 'de'] satisfies Language[];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && LANGUAGES.includes(value);

function writeCookie(name: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // Not the Cookie Store API: start-up reads the cookie synchronously, and Firefox ESR lacks it.
  // biome-ignore lint/suspicious/noDocumentCookie: fixed names and two-letter values, nothing to escape
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

/** Keeps `locale`'s language for the next visit (the switcher's choice, a sign-in's language). */
export function rememberLanguage(locale: Locale): void {
  if (typeof document === 'undefined') return;
  writeCookie(LANGUAGE_COOKIE, languageOfLocale(locale), ONE_YEAR_S);
}

/** The language kept by an earlier visit, or null. */
export function rememberedLanguage(): Language | null {
  if (typeof document === 'undefined') return null;
  const value = readCookie(LANGUAGE_COOKIE);
  return isLanguage(value) ? value : null;
}

/**
 * A language the person picked during this visit (this tab), as opposed to
 * the cookie, which may be a past visit's: it stays through the sign-in, and
 * the first account page offers it once for the account
 * (docs/journeys-signin.md#the-language-chosen-before-signing-in).
 * `offered`: that offer was made.
 */
export interface VisitChoice {
  language: Language;
  offered: boolean;
}

function keepVisitChoice(choice: VisitChoice | null): void {
  try {
    if (choice) sessionStorage.setItem(VISIT_CHOICE, JSON.stringify(choice));
    else sessionStorage.removeItem(VISIT_CHOICE);
  } catch {
    // Storage unavailable: the account's language applies after the sign-in.
  }
}

/** This visit's choice, or null (none made, or no storage). */
export function visitChoice(): VisitChoice | null {
  try {
    const raw = sessionStorage.getItem(VISIT_CHOICE);
    const choice = raw === null ? null : (JSON.parse(raw) as Partial<VisitChoice> | null);
    return isLanguage(choice?.language)
      ? { language: choice.language, offered: choice.offered === true }
      : null;
  } catch {
    return null;
  }
}

/** The locale of this visit's choice on a variant offering `allowed`, or null. */
export function visitLocale(allowed: readonly Locale[]): Locale | null {
  const choice = visitChoice();
  return choice ? localeOfLanguage(choice.language, allowed) : null;
}

/** The person picked `locale`: for the next visit (the cookie) and for this one. */
export function chooseLanguage(locale: Locale): void {
  rememberLanguage(locale);
  keepVisitChoice({ language: languageOfLocale(locale), offered: false });
}

/** The offer to keep this visit's choice for the account was made: it is not made again. */
export function markChoiceOffered(): void {
  const choice = visitChoice();
  if (choice) keepVisitChoice({ ...choice, offered: true });
}

/** The account's language changed since: that is the latest word, the visit's choice goes. */
export function forgetVisitChoice(): void {
  keepVisitChoice(null);
}

/** At start-up: a `?lang=` choice the gateway handed over becomes this visit's choice. */
export function takeHandedOverChoice(): void {
  if (typeof document === 'undefined') return;
  const value = readCookie(CHOSEN_COOKIE);
  if (value === undefined) return;
  writeCookie(CHOSEN_COOKIE, '', 0);
  if (isLanguage(value)) keepVisitChoice({ language: value, offered: false });
}
