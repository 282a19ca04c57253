import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { E164_SHAPE } from './mask';
import { isNationalRegisterNumber, PASSWORD_FAILURE_CODE, passwordFailures } from './rules';

export * from './rules';

/**
 * Field rules of docs/product.md part 5, defined once and reused by every route of both
 * APIs. Messages are the spec's texts; the web app maps them to translations.
 */

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'The email provided is invalid.' }));

/** Phone number in E.164 (`+32470000001`), checked with libphonenumber's metadata. */
export const Phone = z.string().refine(
  (v) => {
    if (!E164_SHAPE.test(v)) return false;
    return parsePhoneNumberFromString(v)?.isValid() ?? false;
  },
  { error: 'The phone number provided is invalid.' },
);

/** Password as sent for sign-in: any non-empty string (rules apply only when one is chosen). */
export const LoginPassword = z.string().min(1, { error: 'Password is required' }).max(200);

/** Sign-in name: an e-mail address or a phone number. */
export const Username = z.string().trim().min(3).max(254);

/** A new password, checked against the default rules. */
export const NewPassword = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    for (const message of passwordFailures(value)) {
      ctx.addIssue({ code: 'custom', message, params: { code: PASSWORD_FAILURE_CODE[message] } });
    }
  });

/** E-mail and SMS codes: 8 digits (docs/product.md part 5). */
export const EmailSmsCode = z.string().regex(/^\d{8}$/, { error: 'The code is invalid.' });
/** Authenticator-app codes: 6 digits. */
export const TotpCode = z.string().regex(/^\d{6}$/, { error: 'The code is invalid.' });
/** Recovery keys: letters and digits only. */
export const RecoveryKey = z
  .string()
  .regex(/^[A-Za-z0-9]{6,32}$/, { error: 'The code is invalid.' });
/** Any MFA code as typed: letters and digits only (the method decides the length). */
export const MfaCode = z
  .string()
  .regex(/^[A-Za-z0-9]{4,32}$/, { error: 'Your code is invalid, try again.' });

/** Belgian card number: 16 digits starting with 5065. */
export const CardNumber = z
  .string()
  .regex(/^5065\d{12}$/, { error: 'Your card number is invalid.' });
/** Luxembourg activation code (the LU variant's name for the card number). */
export const ActivationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}-[A-Z]{3}-\d{4}$/, { error: 'Your activation code is invalid.' });

/** IBAN, spaces allowed, checksum checked (ibantools); answered in electronic format. */
export const Iban = z
  .string()
  .transform((v) => electronicFormatIBAN(v) ?? '')
  .refine((v) => isValidIBAN(v), { error: 'The provided IBAN is invalid.' });

export const NationalRegisterNumber = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .refine(isNationalRegisterNumber, { error: 'The national register number is invalid.' });

/** The device id the web app creates once (docs/product.md part 3: a random UUID). */
export const DeviceId = z.uuid();

/**
 * A numbered row named in the path (`/sessions/:id`, `/trusted-devices/:id`,
 * `/user/contacts/:id`): a positive whole number, read from the path's text.
 */
export const RowId = z.object({ id: z.coerce.number().int().positive() });

/**
 * A whole number a step's body carries: a number (JSON), or its digits as a
 * form sends them ("3"), held to `schema`. Nothing else: `z.coerce.number()`
 * read null, "" and false as 0 and true as 1, so a body with `null` passed as
 * the method 0 (the fuzz test found it).
 */
export const formNumber = (schema: z.ZodNumber) =>
  z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(schema);

/** Languages a user may hold on their profile (both variants). */
export const Language = z.enum(['en', 'fr', 'nl', 'de']);
export type Language = z.infer<typeof Language>;

/** The 47 European countries of the IBAN country list (docs/product.md part 3), ISO 3166-1 alpha-2. */
export const IBAN_COUNTRIES = [
  'AD',
  'AL',
  'AT',
  'BA',
  'BE',
  'BG',
  'BY',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MD',
  'ME',
  'MK',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SE',
  'SI',
  'SK',
  'SM',
  'TR',
  'UA',
  'VA',
  'XK',
  'GI',
] as const;
export const IbanCountry = z.enum(IBAN_COUNTRIES);

/** A first or family name (profile edit-info, account creation). */
export const PersonName = z.string().trim().min(1, { error: 'This field is required.' }).max(100);
