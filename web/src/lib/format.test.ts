import { describe, expect, it } from 'vitest';
import { formatterFor, intlLocale } from './format';

describe('dates, numbers and places follow the page locale', () => {
  it('gives every page locale its country', () => {
    expect(['nl', 'fr', 'en', 'fr_LU', 'de_LU'].map(intlLocale)).toEqual([
      'nl-BE',
      'fr-BE',
      'en-BE',
      'fr-LU',
      'de-LU',
    ]);
  });

  it('writes dates day first, never in the US order', () => {
    const at = '2026-03-04T10:00:00Z';
    expect(formatterFor('en').date(at)).toBe('4 March 2026');
    expect(formatterFor('en_LU').date(at)).toBe('4 March 2026');
    expect(formatterFor('nl').date(at)).toBe('4 maart 2026');
    expect(formatterFor('de_LU').date(at)).toBe('4. März 2026');
    expect(formatterFor('fr').number(1234.5)).toMatch(/^1\s234,5$/u);
  });

  it('names places in one language: "Brussel, België" in Dutch, "Bruxelles, Belgique" in French', () => {
    expect(formatterFor('nl').place('Brussels', 'BE')).toBe('Brussel, België');
    expect(formatterFor('fr').place('Brussels', 'BE')).toBe('Bruxelles, Belgique');
    expect(formatterFor('de_LU').place('Luxembourg', 'LU')).toBe('Luxemburg, Luxemburg');
    expect(formatterFor('en').place('Springfield', null)).toBe('Springfield');
    expect(formatterFor('en').place(null, null)).toBe('');
  });
});
