import type { Locale } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en/index';
import { fr } from './locales/fr/index';
import { de_LU, en_LU, fr_LU } from './locales/lu';
import { nl } from './locales/nl/index';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
  );
}

const locales: Record<Exclude<Locale, 'en'>, object> = { fr, nl, fr_LU, en_LU, de_LU };
const english = keys(en);

describe('translations', () => {
  it.each(Object.entries(locales))(
    '%s has every key English has, and no other',
    (_name, messages) => {
      expect(keys(messages).sort()).toEqual([...english].sort());
    },
  );

  it.each(Object.entries({ fr, nl, de_LU }))(
    '%s is really translated, not English',
    (_n, messages) => {
      const flat = (m: object) =>
        Object.fromEntries(
          keys(m).map((k) => [
            k,
            k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], m),
          ]),
        );
      const same = Object.entries(flat(messages)).filter(
        // Single words (Dashboard, Notifications) may be the same in two languages; sentences not.
        ([k, v]) => v === flat(en)[k] && String(v).includes(' '),
      );
      expect(same.map(([k]) => k)).toEqual([]);
    },
  );
});
