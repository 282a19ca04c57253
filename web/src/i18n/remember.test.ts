import { beforeEach, describe, expect, it } from 'vitest';
import {
  chooseLanguage,
  forgetVisitChoice,
  markChoiceOffered,
  rememberedLanguage,
  takeHandedOverChoice,
  visitChoice,
  visitLocale,
} from './remember';

const cookies = () => document.cookie.split('; ').filter(Boolean).sort();

beforeEach(() => {
  sessionStorage.clear();
  for (const name of ['lang', 'lang_chosen']) {
    // biome-ignore lint/suspicious/noDocumentCookie: the test clears what the page writes
    document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

describe('the language chosen during this visit', () => {
  it('is kept for the next visit (the cookie) and for this one (the tab), until offered', () => {
    chooseLanguage('en_LU');
    expect(rememberedLanguage()).toBe('en');
    expect(visitChoice()).toEqual({ language: 'en', offered: false });
    expect(visitLocale(['fr_LU', 'en_LU'])).toBe('en_LU');
    // A variant that does not offer it has no locale for it.
    expect(visitLocale(['fr', 'nl'])).toBeNull();
    markChoiceOffered();
    expect(visitChoice()).toEqual({ language: 'en', offered: true });
    forgetVisitChoice();
    expect(visitChoice()).toBeNull();
  });

  it("is not an old cookie's language: only the tab's mark counts", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a past visit's cookie
    document.cookie = 'lang=fr; Path=/';
    expect(rememberedLanguage()).toBe('fr');
    expect(visitChoice()).toBeNull();
  });

  it("takes over the gateway's hand-over of a ?lang= choice once, and deletes it", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: what the gateway sets
    document.cookie = 'lang_chosen=nl; Path=/';
    takeHandedOverChoice();
    expect(visitChoice()).toEqual({ language: 'nl', offered: false });
    expect(cookies()).not.toContain('lang_chosen=nl');
    // A value that is no language is dropped without a choice.
    sessionStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: a forged hand-over
    document.cookie = 'lang_chosen=xx; Path=/';
    takeHandedOverChoice();
    expect(visitChoice()).toBeNull();
    expect(cookies().some((c) => c.startsWith('lang_chosen='))).toBe(false);
  });
});
