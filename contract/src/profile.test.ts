import { describe, expect, it } from 'vitest';
import { BirthDate, IbanUpdate, LoginChange, PasswordChange, ProfileUpdate } from './profile';
import { Session } from './sessions';

describe('profile schemas', () => {
  it('takes a real past date of birth only', () => {
    expect(BirthDate.safeParse('1985-07-31').success).toBe(true);
    expect(BirthDate.safeParse('2000-02-29').success).toBe(true);
    expect(BirthDate.safeParse('1999-02-29').success).toBe(false);
    expect(BirthDate.safeParse('31/07/1985').success).toBe(false);
    const future = BirthDate.safeParse('2999-01-01');
    expect(future.error?.issues[0]?.message).toBe('The date of birth cannot be in the future.');
  });

  it('updates only the fields sent and trims names', () => {
    expect(ProfileUpdate.parse({ firstname: '  Emma ' })).toEqual({ firstname: 'Emma' });
    expect(ProfileUpdate.safeParse({ firstname: '   ' }).success).toBe(false);
    expect(ProfileUpdate.safeParse({ language: 'es' }).success).toBe(false);
  });

  it('adds an e-mail or a phone, not both', () => {
    expect(LoginChange.safeParse({ email: 'a@example.be' }).success).toBe(true);
    expect(LoginChange.safeParse({ phone: '+32470123456', mfa: false }).success).toBe(true);
    expect(LoginChange.safeParse({ email: 'a@example.be', phone: '+32470123456' }).success).toBe(
      false,
    );
    expect(LoginChange.safeParse({}).success).toBe(false);
  });

  it('leaves the IBAN check to the upstream (spec 422) but not the country', () => {
    expect(IbanUpdate.safeParse({ iban: 'BE00 0000', country: 'BE' }).success).toBe(true);
    expect(IbanUpdate.safeParse({ iban: 'BE71096123456769', country: 'US' }).success).toBe(false);
  });

  it('applies the password rules to the new password only', () => {
    const res = PasswordChange.safeParse({ current_password: 'x', password: 'abc' });
    expect(res.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['Not enough characters', 'No number', 'No special characters']),
    );
  });
});

describe('session schema', () => {
  it('carries an id, never a token', () => {
    expect(Object.keys(Session.shape)).toContain('id');
    expect(Object.keys(Session.shape).some((k) => /token/i.test(k))).toBe(false);
  });
});
