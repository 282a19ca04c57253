import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { callingCodeOf, MASK, maskContact } from './mask';

describe('maskContact', () => {
  it('keeps the first and last character of an e-mail name and the whole domain', () => {
    expect(maskContact('employee@example.be')).toBe('e•••e@example.be');
    expect(maskContact('erika@example.be')).toBe('e•••a@example.be');
    expect(maskContact('j@example.be')).toBe('j•••@example.be');
  });

  it('hides the length: addresses of different lengths give masks of one length', () => {
    const short = maskContact('ea@example.be');
    const long = maskContact('elisabeth.vandenbroucke-a@example.be');
    expect(short).toBe('e•••a@example.be');
    expect(long).toBe('e•••a@example.be');
    expect(maskContact('+32470000001')).toHaveLength(maskContact('+32470123401').length);
  });

  it('keeps the full country code of a Luxembourg number, then its first digit and last two', () => {
    expect(maskContact('+352621000001')).toBe('+352 6•••01');
    expect(maskContact('+352621000001').startsWith('+352 ')).toBe(true);
  });

  it('keeps one-, two- and three-digit country codes whole', () => {
    expect(maskContact('+32470000001')).toBe('+32 4•••01');
    expect(maskContact('+33612345678')).toBe('+33 6•••78');
    expect(maskContact('+12025550143')).toBe('+1 2•••43');
    expect(maskContact('+420601123456')).toBe('+420 6•••56');
  });

  it('hides everything but the ends of anything else', () => {
    expect(maskContact('0470000001')).toBe(`0${MASK}1`);
    expect(maskContact('ab')).toBe(MASK);
  });
});

describe('callingCodeOf', () => {
  it('finds the calling code of every country libphonenumber knows', () => {
    for (const country of getCountries()) {
      const code = getCountryCallingCode(country);
      expect(callingCodeOf(`+${code}123456789`), country).toBe(code);
    }
  });
});
