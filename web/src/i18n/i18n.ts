import type { Language, Locale } from '@portal/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { en, Messages } from './locales/en/index';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** The text namespaces (top-level keys: `t('signin.login.title')`). */
export type Namespace = keyof Messages;
/** What the first screen needs; the others load with the screens that use them. */
export const STARTUP_NAMESPACES: readonly Namespace[] = ['common', 'signin'];

type Base = 'en' | 'fr' | 'nl' | 'de';
/** The language whose texts a locale shows: `fr_LU` → `fr` (plus LU wording). */
const baseOf = (locale: Locale): Base => locale.split('_')[0] as Base;

// One chunk per language and namespace, loaded on demand (bundle budget).
const files = import.meta.glob<Record<string, unknown>>([
  './locales/*/*.ts',
  '!./locales/*/index.ts',
]);

type Tree = { [key: string]: string | Tree };

/** `base` with `over` laid on top, key by key (LU wording over the base language). */
export function overlay<T extends Tree>(base: T, over: Tree | undefined): T {
  if (!over) return base;
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = typeof v === 'string' || typeof b !== 'object' ? v : overlay(b, v);
  }
  return out as T;
}

async function loadTexts(locale: Locale, ns: Namespace): Promise<Tree> {
  const base = baseOf(locale);
  const load = files[`./locales/${base}/${ns}.ts`];
  if (!load) throw new Error(`no texts for ${base}/${ns}`);
  const texts = (await load())[ns] as Tree;
  if (!locale.endsWith('_LU')) return texts;
  const { luWording } = await import('./locales/lu');
  return overlay(texts, luWording[base as 'en' | 'fr' | 'de']?.[ns]);
}

/** Namespaces whose texts are there in the current locale. */
const loaded = new Set<Namespace>();
/** Namespaces asked for, loaded or still loading: a language switch brings them all. */
const wanted = new Set<Namespace>();
/** The locale a switch under way is loading its texts for. */
let switchingTo: Locale | null = null;

async function addTexts(locale: Locale, namespaces: Iterable<Namespace>): Promise<void> {
  const todo = [...namespaces].filter(
    (ns) => !i18next.getResourceBundle(locale, 'translation')?.[ns],
  );
  const texts = await Promise.all(todo.map((ns) => loadTexts(locale, ns)));
  todo.forEach((ns, i) => {
    i18next.addResourceBundle(locale, 'translation', { [ns]: texts[i] }, true, true);
  });
}

/** The html lang value of a locale: `fr_LU` → `fr-LU`. */
export const htmlLang = (locale: Locale) => locale.replace('_', '-');

/** The texts a page was drawn with, by namespace (what the server sends with its HTML). */
export type PageTexts = Partial<Record<Namespace, Tree>>;

export async function initI18n(
  locale: Locale,
  namespaces: readonly Namespace[],
): Promise<typeof i18next> {
  const texts = await Promise.all(namespaces.map((ns) => loadTexts(locale, ns)));
  return initI18nWith(locale, Object.fromEntries(namespaces.map((ns, i) => [ns, texts[i]])));
}

/**
 * Starts the texts with those given (the server-drawn page's JSON data
 * block): no chunk to fetch, so the first client render is the server's.
 */
export async function initI18nWith(locale: Locale, texts: PageTexts): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: texts } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  loaded.clear();
  wanted.clear();
  for (const ns of Object.keys(texts) as Namespace[]) {
    loaded.add(ns);
    wanted.add(ns);
  }
  setPageLanguage(locale);
  return i18next;
}

/** The texts of `namespaces` in `locale` (for the server's data block). */
export const textsOf = (
  namespaces: Iterable<Namespace>,
  locale: string = i18next.language,
): PageTexts => {
  const bundle = i18next.getResourceBundle(locale, 'translation');
  return Object.fromEntries([...namespaces].map((ns) => [ns, bundle[ns]]));
};

/**
 * The server's renders: an i18next instance of one render's own, in
 * `locale`, its texts loaded into the store every instance shares (the texts
 * of a language are the same for every page). Its language is its own, so
 * renders in different languages run at once without changing each other's
 * (`entry-server.tsx`); `options` are the instance's (its post-processing).
 */
export async function renderInstance(
  locale: Locale,
  namespaces: readonly Namespace[],
  options: Record<string, unknown> = {},
): Promise<typeof i18next> {
  await addTexts(locale, namespaces);
  const own = i18next.cloneInstance({ ...options, lng: locale });
  await own.changeLanguage(locale);
  return own;
}

/** Loads the texts of `namespaces` in the current locale (before a screen that uses them renders). */
export async function ensureNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (namespaces.every((ns) => loaded.has(ns))) return;
  for (const ns of namespaces) wanted.add(ns);
  // The language may change while the texts load (the user's own, applied on
  // load): a switch under way gets them too, and a switch that happened while
  // they loaded means loading them again for the new language, or the screen
  // would show bare keys.
  let locale: Locale;
  do {
    locale = i18next.language as Locale;
    const next = switchingTo;
    await Promise.all([
      addTexts(locale, namespaces),
      next && next !== locale ? addTexts(next, namespaces) : null,
    ]);
  } while (locale !== i18next.language);
  for (const ns of namespaces) loaded.add(ns);
}

export const currentLocale = (): Locale => i18next.language as Locale;

/**
 * `<html lang>` in `locale`'s language, written only when it says another
 * (a page the server drew already has it): the attribute is inherited by the
 * whole page, and a write gives the browser its styles to check again.
 */
function setPageLanguage(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const lang = htmlLang(locale);
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

/** Switches every text on screen at once (every namespace loaded so far, in the new locale). */
export async function changeLocale(locale: Locale): Promise<void> {
  switchingTo = locale;
  try {
    await addTexts(locale, wanted);
  } finally {
    if (switchingTo === locale) switchingTo = null;
  }
  await i18next.changeLanguage(locale);
  setPageLanguage(locale);
}

/**
 * Start-up language (docs/product.md part 1): the one the visitor chose before (a locale
 * or its two-letter language, see `remember.ts`), else the browser's, limited
 * to the variant's, else the fallback. The server applies the same rule to
 * `Accept-Language` (`entry-server.tsx`).
 */
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
    const hit = allowed.find((l) => l === remembered || baseOf(l) === remembered);
    if (hit) return hit;
  }
  for (const lang of browser) {
    const hit = find(lang);
    if (hit) return hit;
  }
  return fallback;
}

/** The locale of a user's profile language on this variant, or null when it is not offered. */
export function localeOfLanguage(language: Language, allowed: readonly Locale[]): Locale | null {
  return allowed.find((l) => baseOf(l) === language) ?? null;
}

/** The profile language of a locale (`fr_LU` → `fr`). */
export const languageOfLocale = (locale: Locale): Language => baseOf(locale);
