import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ActivationCode,
  CardNumber,
  Email,
  EmailSmsCode,
  formatPhone,
  formNumber,
  IBAN_COUNTRIES,
  Iban,
  isNationalRegisterNumber,
  MfaCode,
  NationalRegisterNumber,
  NewPassword,
  Phone,
  passwordFailures,
  RecoveryKey,
  TotpCode,
  toE164,
} from './fields';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;
const message = (
  schema: { safeParse(v: unknown): { error?: { issues: { message: string }[] } } },
  v: unknown,
) => schema.safeParse(v).error?.issues[0]?.message;

describe('card number (docs/product.md part 5)', () => {
  it('accepts 16 digits starting with 5065', () => {
    expect(ok(CardNumber, '5065000000000001')).toBe(true);
  });
  it.each([
    ['15 digits', '506500000000001'],
    ['17 digits', '50650000000000011'],
    ['wrong prefix', '4065000000000001'],
    ['letters', '5065ABCD00000001'],
  ])('rejects %s with the spec message', (_label, value) => {
    expect(message(CardNumber, value)).toBe('Your card number is invalid.');
  });
  it('words the Luxembourg activation code error its own way', () => {
    expect(ok(ActivationCode, 'LU-ACT-0001')).toBe(true);
    expect(ok(ActivationCode, 'lu-act-0001')).toBe(true);
    expect(message(ActivationCode, '5065000000000001')).toBe('Your activation code is invalid.');
  });
});

describe('MFA codes', () => {
  it('takes 8 digits for e-mail and SMS, 6 for the authenticator', () => {
    expect(ok(EmailSmsCode, '12345678')).toBe(true);
    expect(ok(EmailSmsCode, '1234567')).toBe(false);
    expect(ok(EmailSmsCode, '123456789')).toBe(false);
    expect(ok(TotpCode, '123456')).toBe(true);
    expect(ok(TotpCode, '1234567')).toBe(false);
    expect(ok(TotpCode, '12345a')).toBe(false);
  });
  it('accepts letters and digits only', () => {
    expect(ok(RecoveryKey, 'RECOVERY01')).toBe(true);
    expect(ok(RecoveryKey, 'RECOVERY-01')).toBe(false);
    expect(ok(MfaCode, 'abc123')).toBe(true);
    expect(message(MfaCode, '12 34')).toBe('Your code is invalid, try again.');
  });
});

describe('e-mail and phone', () => {
  it('checks e-mails with the spec message', () => {
    expect(Email.parse(' Employee@Example.BE ')).toBe('employee@example.be');
    expect(message(Email, 'not-an-email')).toBe('The email provided is invalid.');
  });
  it('takes E.164 numbers that really exist and rejects the rest', () => {
    expect(ok(Phone, '+32470000001')).toBe(true);
    expect(ok(Phone, '+352621000001')).toBe(true);
    expect(message(Phone, '+3247')).toBe('The phone number provided is invalid.');
    expect(ok(Phone, '0470000001')).toBe(false);
    expect(ok(Phone, '+32000000000')).toBe(false);
  });
  it('normalises what a person types to E.164 with the variant country', () => {
    expect(toE164('0470 00 00 01', 'BE')).toBe('+32470000001');
    expect(toE164('621 000 001', 'LU')).toBe('+352621000001');
    expect(toE164('12', 'BE')).toBeNull();
  });
  it('shows a stored number grouped as its country writes it, and anything else as given', () => {
    expect(formatPhone('+32470000001')).toBe('+32 470 00 00 01');
    expect(formatPhone('+352621000001')).toBe('+352 621 000 001');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('+32 4•••01')).toBe('+32 4•••01');
    expect(formatPhone('0470000001')).toBe('0470000001');
  });
});

describe('IBAN', () => {
  it('accepts a valid IBAN with spaces and answers it in electronic format', () => {
    expect(Iban.parse('BE68 5390 0754 7034')).toBe('BE68539007547034');
    expect(ok(Iban, 'LU28 0019 4006 4475 0000')).toBe(true);
  });
  it('rejects a bad checksum with the spec message', () => {
    expect(message(Iban, 'BE69 5390 0754 7034')).toBe('The provided IBAN is invalid.');
    expect(ok(Iban, '')).toBe(false);
  });
  it('lists the 47 European countries once each', () => {
    expect(IBAN_COUNTRIES).toHaveLength(47);
    expect(new Set(IBAN_COUNTRIES).size).toBe(47);
  });
});

describe('national register number', () => {
  it('checks the mod-97 check digits, before and after 2000', () => {
    expect(isNationalRegisterNumber('85073100130')).toBe(true);
    expect(ok(NationalRegisterNumber, '85.07.31-001.30')).toBe(true);
    expect(isNationalRegisterNumber('85073100131')).toBe(false);
    expect(isNationalRegisterNumber('8507310013')).toBe(false);
    // Born in 2001: the check digits use 2 followed by the first nine digits.
    const body = '010203001';
    const check = String(97 - (Number(`2${body}`) % 97)).padStart(2, '0');
    expect(isNationalRegisterNumber(body + check)).toBe(true);
  });
});

describe('password rules', () => {
  it('names each broken rule in the spec words', () => {
    expect(passwordFailures('')).toEqual(['Password is required']);
    expect(passwordFailures('abc')).toEqual([
      'Not enough characters',
      'No number',
      'No special characters',
    ]);
    expect(passwordFailures('1234567890!')).toEqual(['No letter']);
    expect(passwordFailures('Portal-Demo-2026!')).toEqual([]);
  });
  it('follows configurable bounds', () => {
    const strict = { minLength: 20, minLetters: 2, minNumbers: 2, minSpecial: 2 };
    expect(passwordFailures('Portal-Demo-2026!', strict)).toEqual(['Not enough characters']);
  });
  it('rejects a weak new password through the schema', () => {
    expect(ok(NewPassword, 'Portal-Demo-2026!')).toBe(true);
    expect(message(NewPassword, 'short1!')).toBe('Not enough characters');
  });
});

describe('a number a step sends (formNumber)', () => {
  const MethodId = formNumber(z.number().int().nonnegative());
  it('takes a number, or its digits as a form sends them', () => {
    expect(MethodId.parse(3)).toBe(3);
    expect(MethodId.parse('12')).toBe(12);
    expect(MethodId.parse(0)).toBe(0);
  });
  it('refuses what coercion would have read as 0 or 1, and what is no whole number', () => {
    for (const value of [null, '', ' ', false, true, [], '3a', '-1', 1.5, Number.NaN, undefined]) {
      expect(MethodId.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
