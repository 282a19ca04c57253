import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { errorOf, errorText } from './errors';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  body,
  headers: new Headers(headers),
});
const text = (value: unknown, texts?: Parameters<typeof errorOf>[1]) =>
  errorText(i18next.t, errorOf(value, texts));

beforeAll(async () => {
  await initI18n('en', ['common', 'signin', 'flows', 'forms']);
});

describe('the kind of an error answer', () => {
  it.each([
    [400, { code: 'validation', message: 'body.username: Required' }, 'invalid'],
    [401, { code: 'unauthenticated', message: 'Sign in first.' }, 'unauthenticated'],
    [403, { code: 'sudo_required', message: 'Confirm it is you.' }, 'sudoRequired'],
    [403, { code: 'csrf', message: 'Refused.' }, 'forbidden'],
    [404, { code: 'not_found', message: 'Not found.' }, 'notFound'],
    [409, { code: 'wrong_step', message: 'Out of step.' }, 'conflict'],
    [410, { code: 'payload_spent', message: 'Spent.' }, 'gone'],
    [422, { message: 'The provided IBAN is invalid.' }, 'rejected'],
    [429, { code: 'rate_limited', message: 'Slow down.' }, 'rateLimited'],
    [502, { code: 'upstream_contract', message: 'Odd answer.' }, 'unavailable'],
    [503, { code: 'maintenance', message: 'Later.' }, 'maintenance'],
    [503, 'Service Unavailable', 'maintenance'],
    [503, { code: 'upstream_unavailable', message: 'Down.' }, 'unavailable'],
    [504, { code: 'upstream_timeout', message: 'Too slow.' }, 'unavailable'],
    [418, null, 'unknown'],
  ] as const)('%i %j is %s', (status, body, kind) => {
    expect(errorOf(answer(status, body)).kind).toBe(kind);
  });

  it('is unknown, with the generic message, for what is not an answer (a network failure)', () => {
    const error = errorOf(new TypeError('Failed to fetch'));
    expect(error).toMatchObject({ kind: 'unknown', status: null, code: null });
    expect(text(new TypeError('Failed to fetch'))).toBe(
      'An error has occurred. Please try again later.',
    );
  });

  it('keeps the codes it knows, and no others', () => {
    expect(errorOf(answer(409, { code: 'email-duplicated', message: 'm' })).code).toBe(
      'email-duplicated',
    );
    expect(errorOf(answer(409, { code: 'made-up', message: 'm' })).code).toBeNull();
  });
});

describe('the message of an error answer', () => {
  it("shows a 422's own message (docs/product.md part 8), unless the screen has words for its code", () => {
    expect(text(answer(422, { message: 'The provided IBAN is invalid.' }))).toBe(
      'The provided IBAN is invalid.',
    );
    // The code decides, not the English text: an expired code is told apart by `code`.
    const onboarding = {
      code_expired: 'flows.onboarding.codeStep.expired',
      code_invalid: 'flows.onboarding.codeStep.invalid',
    } as const;
    expect(text(answer(422, { message: 'whatever', code: 'code_expired' }), onboarding)).toBe(
      'The code has expired. Ask for a new one.',
    );
    expect(text(answer(422, { message: 'whatever', code: 'code_invalid' }), onboarding)).toBe(
      'The code is invalid.',
    );
  });

  it.each([
    ['30', 'Too many attempts. Try again in 30 seconds.'],
    ['1', 'Too many attempts. Try again in 1 second.'],
    ['60', 'Too many attempts. Try again in 1 minute.'],
    ['900', 'Too many attempts. Try again in 15 minutes.'],
  ])('says how long to wait after a 429 with Retry-After: %s', (seconds, expected) => {
    const error = errorOf(
      answer(429, { code: 'rate_limited', message: 'm' }, { 'retry-after': seconds }),
    );
    expect(error.retryAfter).toBe(Number(seconds));
    expect(errorText(i18next.t, error)).toBe(expected);
  });

  it('reads a Retry-After date, and says "later" without one', () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    expect(
      text(answer(429, { code: 'rate_limited', message: 'm' }, { 'retry-after': inTwoMinutes })),
    ).toMatch(/^Too many attempts\. Try again in [23] minutes\.$/);
    expect(text(answer(429, { code: 'too_many_attempts', message: 'm' }))).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it.each([
    [400, { code: 'validation', message: 'm' }, 'The information you provided is invalid.'],
    [
      401,
      { code: 'unauthenticated', message: 'm' },
      'Your session has ended. Please log in again.',
    ],
    [
      403,
      { code: 'csrf', message: 'm' },
      'This page could not send your request. Please reload it and try again.',
    ],
    [403, { code: 'captcha', message: 'm' }, 'Please complete the security check.'],
    [409, { code: 'card_taken', message: 'm' }, 'An error has occurred. Please try again later.'],
    [
      502,
      { code: 'upstream_unavailable', message: 'm' },
      'An error has occurred. Please try again later.',
    ],
    [
      503,
      { code: 'maintenance', message: 'm' },
      'Login is unavailable because of maintenance. Please try again later.',
    ],
  ] as const)('%i %j says the spec wording', (status, body, expected) => {
    expect(text(answer(status, body))).toBe(expected);
  });

  it("uses the screen's words: a code's before its kind's, `fallback` for the generic one", () => {
    const login = {
      invalid: 'signin.login.errors.invalid',
      rateLimited: 'signin.login.errors.tooMany',
    } as const;
    expect(text(answer(400, { code: 'validation', message: 'm' }), login)).toBe(
      'E-mail address or password is incorrect.',
    );
    // A known wait beats the screen's "try again later"; without one, the screen's words.
    expect(
      text(answer(429, { code: 'locked', message: 'm' }, { 'retry-after': '900' }), login),
    ).toBe('Too many attempts. Try again in 15 minutes.');
    expect(text(answer(429, { code: 'locked', message: 'm' }), login)).toBe(
      'Too many attempts. Please try again later.',
    );
    const link = {
      invalid: 'signin.login.errors.invalid',
      invalid_payload: 'flows.partner.linkExisting.errors.expired',
    } as const;
    expect(text(answer(400, { code: 'invalid_payload', message: 'm' }), link)).toBe(
      'Your workplace login has expired. Please log in with it again.',
    );
    const onboarding = {
      conflict: 'flows.onboarding.errors.expired',
      'email-duplicated': 'flows.onboarding.email.duplicated',
    } as const;
    expect(text(answer(409, { code: 'email-duplicated', message: 'm' }), onboarding)).toBe(
      'This email is already in use. Please use another one.',
    );
    expect(text(answer(409, { code: 'wrong_step', message: 'm' }), onboarding)).toBe(
      'This account creation has expired or was already finished. Please start again.',
    );
    const failed = { fallback: 'flows.partner.access.failed' } as const;
    expect(text(answer(502, { code: 'upstream_unavailable', message: 'm' }), failed)).toBe(
      'We could not send your access request. Please try again later.',
    );
    expect(text(answer(401, { code: 'unauthenticated', message: 'm' }), failed)).toBe(
      'Your session has ended. Please log in again.',
    );
  });

  it('is translated when the language changes', async () => {
    await initI18n('fr', ['common', 'signin', 'forms']);
    try {
      expect(
        text(answer(429, { code: 'rate_limited', message: 'm' }, { 'retry-after': '2' })),
      ).toBe('Trop de tentatives. Réessayez dans 2 secondes.');
    } finally {
      await initI18n('en', ['common', 'signin', 'flows', 'forms']);
    }
  });
});

describe('the wrong fields of a 400', () => {
  it('are named by field, the first issue of each, with the words of a password rule', () => {
    const error = errorOf(
      answer(400, {
        code: 'validation',
        message: 'body.password: Not enough characters',
        issues: [
          { path: 'body.password', message: 'Not enough characters', code: 'password_length' },
          { path: 'body.password', message: 'No number', code: 'password_numbers' },
          { path: 'body.address.street', message: 'Required' },
          { path: 'query.mfaId', message: 'Expected a number' },
        ],
      }),
    );
    // A password rule says more than "invalid".
    expect(errorText(i18next.t, error)).toBe('Not enough characters');
    expect(error.fields).toEqual({
      password: {
        message: 'Not enough characters',
        code: 'password_length',
        key: 'forms.password.errors.length',
      },
      'address.street': { message: 'Required', code: null, key: null },
      mfaId: { message: 'Expected a number', code: null, key: null },
    });
  });
});
