/**
 * How an e-mail address or phone number is shown to someone who has not
 * proven they own it (docs/journeys-signin.md#masked-addresses-and-numbers):
 * the one mask of the product, used by the account API for every masked
 * answer and by the web app to recognise what the person typed. No zod, no
 * libphonenumber: the web app imports it as `@portal/contract/mask`.
 *
 * - e-mail: the first and last character of the part before `@`, the domain
 *   in full: `employee@example.be` → `e•••e@example.be` (`j•••@example.be`
 *   for a one-letter name);
 * - phone (E.164): the whole country code, a space, the first digit of the
 *   number and its last two: `+352621000001` → `+352 6•••01`,
 *   `+32470000001` → `+32 4•••01`;
 * - anything else: its first and last character, `•••` between.
 *
 * The hidden part is always the same three dots, so a mask says nothing about
 * the length of what it hides, and the same value gets the same mask on
 * every screen.
 */
export const MASK = '•••';

/**
 * Country calling codes are prefix-free (ITU-T E.164): 1 and 7 are one digit,
 * these are two, every other is three.
 */
// biome-ignore format: one line per world zone
const TWO_DIGIT_CODES = new Set([
  '20', '27',
  '30', '31', '32', '33', '34', '36', '39',
  '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58',
  '60', '61', '62', '63', '64', '65', '66',
  '81', '82', '84', '86',
  '90', '91', '92', '93', '94', '95', '98',
]);

/** A stored phone number's shape, E.164 (`+32470000001`); the contract's `Phone` checks it further. */
export const E164_SHAPE = /^\+[1-9]\d{6,14}$/;

/** The country calling code of an E.164 number (`+352621000001` → `352`). */
export function callingCodeOf(e164: string): string {
  const digits = e164.slice(1);
  if (digits.startsWith('1') || digits.startsWith('7')) return digits.slice(0, 1);
  const two = digits.slice(0, 2);
  return TWO_DIGIT_CODES.has(two) ? two : digits.slice(0, 3);
}

/** First and last character around the mask; a one-character value keeps only its first. */
const ends = (value: string) => `${value[0] ?? ''}${MASK}${value.length > 1 ? value.at(-1) : ''}`;

/** The mask of an e-mail address or E.164 phone number, as described above. */
export function maskContact(value: string): string {
  const at = value.lastIndexOf('@');
  if (at > 0) return `${ends(value.slice(0, at))}${value.slice(at)}`;
  if (E164_SHAPE.test(value)) {
    const code = callingCodeOf(value);
    const number = value.slice(1 + code.length);
    return `+${code} ${number[0]}${MASK}${number.slice(-2)}`;
  }
  return value.length > 2 ? ends(value) : MASK;
}
