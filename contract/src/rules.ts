import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The field rules that are plain functions, without zod: the web app imports
 * them as `@portal/contract/rules` so that a screen using one does not carry
 * the schemas. `fields.ts` builds its schemas on them and re-exports them.
 */

/** Normalises what a person types (`0470 00 00 01`, country `BE`) to E.164, or null. */
export function toE164(input: string, defaultCountry: 'BE' | 'LU'): string | null {
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * The country calling code of a number (`+352 621 000 000` → `352`; a
 * national number in `defaultCountry`'s), or null when it is no valid number.
 */
export function callingCodeOf(input: string, defaultCountry: 'BE' | 'LU'): string | null {
  const parsed = parsePhoneNumberFromString(input, defaultCountry);
  return parsed?.isValid() ? parsed.countryCallingCode : null;
}

/**
 * A stored number as people read it, by its country's grouping
 * (`+32470000001` → `+32 470 00 00 01`); anything that is not a valid E.164
 * number (a masked `+32 4•••01`, say) as it was given.
 */
export function formatPhone(value: string): string {
  const parsed = value.startsWith('+') ? parsePhoneNumberFromString(value) : undefined;
  return parsed?.isValid() ? parsed.formatInternational() : value;
}

/**
 * Password rules (docs/product.md part 5 leaves the bounds open). These defaults are
 * documented in the README and served to the web app by `/api/config`.
 */
export const DEFAULT_PASSWORD_RULES = {
  minLength: 10,
  minLetters: 1,
  minNumbers: 1,
  minSpecial: 1,
} as const;

export type PasswordRuleBounds = { [K in keyof typeof DEFAULT_PASSWORD_RULES]: number };
export type PasswordFailure =
  | 'Password is required'
  | 'Not enough characters'
  | 'No letter'
  | 'No number'
  | 'No special characters';

/**
 * The machine-readable code of each failure: the `code` of the 400 issue that
 * names it, so that a client picks its own words without reading the message.
 */
export const PASSWORD_FAILURE_CODE = {
  'Password is required': 'password_required',
  'Not enough characters': 'password_length',
  'No letter': 'password_letters',
  'No number': 'password_numbers',
  'No special characters': 'password_special',
} as const satisfies Record<PasswordFailure, string>;
export type PasswordFailureCode = (typeof PASSWORD_FAILURE_CODE)[PasswordFailure];

/** Every rule a new password breaks, in the spec's words (empty when it is good). */
export function passwordFailures(
  password: string,
  rules: PasswordRuleBounds = DEFAULT_PASSWORD_RULES,
): PasswordFailure[] {
  if (password.length === 0) return ['Password is required'];
  const count = (re: RegExp) => (password.match(re) ?? []).length;
  const failures: PasswordFailure[] = [];
  if (password.length < rules.minLength) failures.push('Not enough characters');
  if (count(/\p{L}/gu) < rules.minLetters) failures.push('No letter');
  if (count(/\p{N}/gu) < rules.minNumbers) failures.push('No number');
  if (count(/[^\p{L}\p{N}\s]/gu) < rules.minSpecial) failures.push('No special characters');
  return failures;
}

/** Belgian national register number: 11 digits, the last two a mod-97 check (born 2000+ too). */
export function isNationalRegisterNumber(value: string): boolean {
  const digits = value.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const body = digits.slice(0, 9);
  const check = Number(digits.slice(9));
  const before2000 = 97 - (Number(body) % 97);
  const after2000 = 97 - (Number(`2${body}`) % 97);
  return check === before2000 || check === after2000;
}

// The session rules (weak password, first-party clients), without the phone library: the
// web app's route guard reads them from `@portal/contract/session-rules`.
export * from './session-rules';
