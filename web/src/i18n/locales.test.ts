import type { Locale } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { FORMAL_DUTCH } from './dutch-register';
import { overlay } from './i18n';
import { de, en, fr, nl } from './locales/index';
import { luWording } from './locales/lu';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

type Tree = Parameters<typeof overlay>[0];
const fr_LU = overlay(fr as Tree, luWording.fr as Tree);
const en_LU = overlay(en as Tree, luWording.en as Tree);
const de_LU = overlay(de as Tree, luWording.de as Tree);

const locales: Record<Exclude<Locale, 'en'>, object> = { fr, nl, fr_LU, en_LU, de_LU };
const english = keys(en);

const flat = (m: object) =>
  Object.fromEntries(
    keys(m).map((k) => [
      k,
      k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], m),
    ]),
  );

describe('translations', () => {
  it.each(Object.entries(locales))(
    '%s has every key English has, and no other',
    (_name, messages) => {
      expect(keys(messages).sort()).toEqual([...english].sort());
    },
  );

  it.each(Object.entries({ fr, nl, de }))(
    '%s is really translated, not English',
    (_n, messages) => {
      const same = Object.entries(flat(messages)).filter(
        // Single words (Dashboard, Notifications) may be the same in two languages; sentences not.
        ([k, v]) => v === flat(en)[k] && String(v).includes(' '),
      );
      expect(same.map(([k]) => k)).toEqual([]);
    },
  );

  it.each(Object.entries({ fr, fr_LU }))(
    '%s writes the typographic apostrophe (’), never a straight one',
    (_n, messages) => {
      // l'application, n'a, qu'il, and l'{{platform}} before a placeholder.
      const straight = Object.entries(flat(messages)).filter(([, v]) =>
        /\p{L}'(\p{L}|\{\{)/u.test(String(v)),
      );
      expect(straight.map(([k]) => k)).toEqual([]);
    },
  );

  it.each(Object.entries({ fr, fr_LU }))(
    '%s keeps ? ! ; : and « » on the line of their word with no-break spaces',
    (_n, messages) => {
      // Narrow no-break space (U+202F) before ? ! ; and no-break space (U+00A0) before : and
      // inside « », so that "aujourd’hui ?" never wraps its "?" alone onto the next line.
      // The password rule cites the characters ! and ? in a list: not punctuation, left spaced.
      const cited = '(comme ! ? # ou %)';
      const wrong = Object.entries(flat(messages)).filter(([, v]) =>
        /\s(?<!\u202f)[?!;]|\s(?<!\u00a0)[:»]|«\s(?<!\u00a0)/u.test(String(v).replace(cited, '')),
      );
      expect(wrong.map(([k]) => k)).toEqual([]);
    },
  );

  it('nl speaks to the person in one register, the informal "je", never "u" or "uw"', () => {
    const formal = Object.entries(flat(nl)).filter(([, v]) => String(v).match(FORMAL_DUTCH));
    expect(formal.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });

  it('LU wording only replaces keys that exist', () => {
    for (const wording of Object.values(luWording)) {
      for (const key of keys(wording)) expect(english).toContain(key);
    }
  });

  it('keeps the same placeholders in every language', () => {
    const placeholders = (v: unknown) =>
      [...String(v).matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    const source = flat(en);
    for (const messages of Object.values(locales)) {
      const texts = flat(messages);
      for (const key of english)
        expect([key, placeholders(texts[key])]).toEqual([key, placeholders(source[key])]);
    }
  });

  it('counts things with i18next plurals (_one/_other) in every language, never a bare number', async () => {
    const i18n = (await import('i18next')).createInstance();
    await i18n.init({
      lng: 'en',
      resources: Object.fromEntries(
        Object.entries({ en, fr, nl, de }).map(([l, m]) => [l, { translation: m }]),
      ),
      interpolation: { escapeValue: false },
    });
    for (const lang of ['en', 'fr', 'nl', 'de']) {
      const t = i18n.getFixedT(lang);
      for (const key of [
        'mfa.totpRecovery.left',
        'account.recovery.left',
        'account.history.details.sessions',
      ] as const) {
        const one = t(key, { count: 1 });
        const many = t(key, { count: 3 });
        expect([lang, key, one.includes('1'), many.includes('3')]).toEqual([lang, key, true, true]);
        expect([lang, key, one]).not.toEqual([lang, key, many.replace('3', '1')]);
      }
    }
    // The old "{{x}} keys" form is gone for good.
    for (const messages of [en, fr, nl, de]) {
      expect(Object.values(flat(messages)).filter((v) => String(v).includes('{{x}}'))).toEqual([]);
    }
  });
});
