import { describe, expect, it } from 'vitest';
import { FuzzionClaim } from './fuzzion';
import {
  ForgotUsernameRequest,
  OnboardingEmail,
  OnboardingStart,
  OnboardingStarted,
  OnboardingTerms,
} from './onboarding';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('either-or requests', () => {
  it('takes exactly one way to start an onboarding', () => {
    expect(OnboardingStart.safeParse({ card_number: '5065000000000001' }).success).toBe(true);
    expect(OnboardingStart.parse({ invitation_code: ' welcome2026 ' })).toEqual({
      invitation_code: 'WELCOME2026',
    });
    expect(messages(OnboardingStart.safeParse({}))).toEqual([
      'Give a card number, an activation code or an invitation code.',
    ]);
    expect(
      OnboardingStart.safeParse({ card_number: '5065000000000001', invitation_code: 'WELCOME2026' })
        .success,
    ).toBe(false);
  });

  it('applies the card and national-register rules to forgot username', () => {
    expect(
      messages(ForgotUsernameRequest.safeParse({ card_number: '4065000000000001' })),
    ).toContain('Your card number is invalid.');
    expect(messages(ForgotUsernameRequest.safeParse({ activation_code: 'nope' }))).toContain(
      'Your activation code is invalid.',
    );
    expect(ForgotUsernameRequest.parse({ national_register_number: '85.07.31-001.30' })).toEqual({
      national_register_number: '85073100130',
    });
  });

  it('keeps the current e-mail or takes a personal one, not both', () => {
    expect(OnboardingEmail.safeParse({ payload: 'p', keep_current: true }).success).toBe(true);
    expect(OnboardingEmail.parse({ payload: 'p', email: ' Me@Example.be ' }).email).toBe(
      'me@example.be',
    );
    expect(
      OnboardingEmail.safeParse({ payload: 'p', keep_current: true, email: 'me@example.be' })
        .success,
    ).toBe(false);
  });

  it('claims a merge with the card number or the password', () => {
    expect(FuzzionClaim.safeParse({ payload: 'p', password: 'x' }).success).toBe(true);
    expect(FuzzionClaim.safeParse({ payload: 'p' }).success).toBe(false);
  });
});

describe('onboarding answers and terms', () => {
  it('requires both terms and privacy; marketing is optional', () => {
    const names = { firstname: 'Marie', lastname: 'Dupont' };
    expect(
      OnboardingTerms.safeParse({ payload: 'p', ...names, terms: true, privacy: true }).success,
    ).toBe(true);
    expect(
      messages(OnboardingTerms.safeParse({ payload: 'p', ...names, terms: false, privacy: true })),
    ).toEqual(['The terms must be accepted.']);
  });

  it('asks the new account for its first and family name', () => {
    expect(
      OnboardingTerms.safeParse({ payload: 'p', terms: true, privacy: true }).error?.issues.map(
        (issue) => issue.path.join('.'),
      ),
    ).toEqual(['firstname', 'lastname']);
  });

  it('starts either a flow with a payload or points to the existing account', () => {
    const started = OnboardingStarted.parse({
      existingAccount: { username: 'e*****e@example.be' },
    });
    expect('payload' in started).toBe(false);
    expect(
      OnboardingStarted.safeParse({ payload: 'p', step: 'email', currentEmail: null }).success,
    ).toBe(true);
  });
});
