import { describe, expect, it } from 'vitest';
import { authPortal, MfaNeeded, PasswordGrant, SignedIn, TokenAnswer } from './auth';

describe('sign-in schemas', () => {
  it('accepts a password grant and rejects one without a password', () => {
    expect(
      PasswordGrant.safeParse({
        grant_type: 'password',
        username: 'employee@example.be',
        password: 'Portal-Demo-2026!',
      }).success,
    ).toBe(true);
    const missing = PasswordGrant.safeParse({
      grant_type: 'password',
      username: 'a@b.be',
      password: '',
    });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe('Password is required');
  });

  it('reads the 401 MFA answer with its payload and methods', () => {
    const parsed = MfaNeeded.parse({
      mfa: {
        payload: 'p1',
        methods: [{ id: 3, method: 'sms', target: '+32 4•••01', primary: true }],
      },
    });
    expect(parsed.mfa.methods[0]?.method).toBe('sms');
  });

  it('refuses a session answer that does not say whether the password is weak', () => {
    const token = { access_token: 'x'.repeat(43), token_type: 'Bearer', expires_in: 60 };
    expect(TokenAnswer.safeParse(token).success).toBe(false);
  });

  it('keeps the token out of what the browser is told', () => {
    const token = {
      access_token: 'x'.repeat(43),
      token_type: 'Bearer',
      expires_in: 60,
      password_status: 0,
    };
    expect(TokenAnswer.safeParse(token).success).toBe(true);
    expect(Object.keys(SignedIn.shape)).not.toContain('access_token');
    const portal200 = authPortal.loginByHash.responses[200];
    expect(JSON.stringify(Object.keys(portal200.shape))).not.toContain('token');
  });
});
