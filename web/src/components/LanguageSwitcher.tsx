import type { Locale } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown, Globe } from 'lucide-react';
import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { changeLocale, languageOfLocale } from '../i18n/i18n';
import { chooseLanguage } from '../i18n/remember';
import { answerOrThrow, api, queryKeys } from '../lib/api';
import { getConfig } from '../lib/config';
import { useCurrentUser } from '../lib/session';

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
 * Saves a language to the profile (the next sign-in uses it), then reads the
 * user again. On every page's header: its call goes through `api`, whose
 * client loads with the first call (not ts-rest's hooks, which would load
 * with the page).
 */
export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: { language: ReturnType<typeof languageOfLocale> } }) =>
      answerOrThrow(api.profile.updateUser({ body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.user }),
  });
}

/**
 * The variant's languages and the change of language: it shows at once, is
 * remembered for the next visit and for the rest of this one (through a
 * sign-in) and, when signed in, kept on the profile so that the next sign-in
 * uses it too.
 */
export function useLanguageChoice() {
  const { i18n } = useTranslation();
  const config = getConfig();
  const { user } = useCurrentUser();
  const save = useSaveLanguage();
  const choose = async (locale: Locale) => {
    // Kept at once: a visitor who picks a language and follows a link straight away
    // keeps it, even before its texts have arrived.
    chooseLanguage(locale);
    await changeLocale(locale);
    const language = languageOfLocale(locale);
    if (user && user.language !== language) save.mutate({ body: { language } });
  };
  return { current: i18n.language as Locale, languages: config.languages, choose };
}

/** A click the page handles itself (not one that opens a new tab or window). */
const plainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * The header's language switcher: a native disclosure of links, so that it
 * works on the server-drawn page before any script runs. Each link is the
 * page with `?lang=`, which the gateway remembers in the language cookie and
 * answers with the page in that language; once the app runs, a click changes
 * the language in place instead.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const { current, languages, choose } = useLanguageChoice();
  const { pathname, search } = useLocation();
  const disclosure = useRef<HTMLDetailsElement>(null);

  // Like a menu: Escape or a click elsewhere closes it.
  useEffect(() => {
    const details = disclosure.current;
    if (!details) return;
    const close = (event: Event) => {
      if (!details.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, []);

  const hrefOf = (locale: Locale) => {
    const params = new URLSearchParams(search);
    params.set('lang', languageOfLocale(locale));
    return `${pathname}?${params}`;
  };

  return (
    <details className="language-switcher" ref={disclosure}>
      <summary className="button button-tertiary select-button">
        <Globe size={18} aria-hidden="true" />
        <span className="visually-hidden">{t('common.app.language')}</span>
        <span className="language-name" lang={LANGUAGE_NAMES[current].lang}>
          {LANGUAGE_NAMES[current].name}
        </span>
        {/* A phone's header has room for the code only; the name stays for screen readers. */}
        <span className="language-short" aria-hidden="true">
          {LANGUAGE_NAMES[current].lang.slice(0, 2).toUpperCase()}
        </span>
        <ChevronDown size={16} aria-hidden="true" />
      </summary>
      <ul className="popover language-list">
        {languages.map((locale) => {
          const { name, lang } = LANGUAGE_NAMES[locale];
          const selected = locale === current;
          return (
            <li key={locale}>
              <a
                className="listbox-item"
                href={hrefOf(locale)}
                hrefLang={lang}
                lang={lang}
                aria-current={selected ? 'true' : undefined}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  if (disclosure.current) disclosure.current.open = false;
                  // The language on screen picked again is a choice too (it stays through a sign-in).
                  void choose(locale);
                }}
              >
                <span>{name}</span>
                {selected && <Check size={16} aria-hidden="true" />}
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
