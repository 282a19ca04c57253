import { z } from 'zod';
import { TokenAnswer } from './auth';
import { c } from './c';
import { ErrorBody, MessageBody } from './errors';
import {
  ActivationCode,
  CardNumber,
  Email,
  EmailSmsCode,
  Language,
  NationalRegisterNumber,
  NewPassword,
  PersonName,
  Phone,
  Username,
} from './fields';
import { rateLimited } from './rate-limits';

/**
 * Domain: the anonymous account flows of docs/product.md part 2 — forgot password, reset
 * password, forgot username, and onboarding (account creation by card number,
 * LU activation code or invitation code).
 *
 * Each multi-step flow is addressed by an opaque `payload` the upstream issues
 * at its first call; every later call sends it back.
 */

const payload = z.string().min(1).max(256);

/** Requires exactly one of `keys` to be present (the request forms that are "either … or …"). */
export function exactlyOneOf<T extends object>(keys: (keyof T & string)[], message: string) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    const given = keys.filter((k) => value[k] !== undefined);
    if (given.length !== 1) ctx.addIssue({ code: 'custom', message, path: [] });
  };
}

/**
 * A request form that is only "either … or …": each of `alternatives` may be
 * given, exactly one must be (`message` otherwise).
 */
export function eitherOr<A extends z.ZodRawShape>(alternatives: A, message: string) {
  const form = z.object(alternatives).partial();
  const keys = Object.keys(alternatives) as (keyof A & string)[];
  return form.superRefine(exactlyOneOf<z.output<typeof form>>(keys, message));
}

// ───────────────────────── Forgot / reset password ─────────────────────────

/**
 * Spec "Forgot password": by e-mail or phone. `technology` asks for a channel
 * other than the login's own (the "resend by SMS / by e-mail" links); each call
 * issues a new payload and invalidates the previous ones.
 */
export const ForgotPasswordRequest = z.object({
  login: Username,
  technology: z.enum(['sms', 'email']).optional(),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/**
 * docs/product.md part 3, Forgot-password: where the code went (masked) and by which
 * channel. An unknown login gets the same shape (no code is sent), so the
 * answer does not reveal whether an account exists.
 */
export const ForgotPasswordAnswer = z.object({
  recipient: z.array(z.string()),
  technology: z.enum(['SMS', 'email']),
  payload,
});
export type ForgotPasswordAnswer = z.infer<typeof ForgotPasswordAnswer>;

/** The 8-digit code (valid 10 minutes, single use) and the new password. */
export const ResetPasswordRequest = z.object({
  payload,
  code: EmailSmsCode,
  password: NewPassword,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/**
 * The reset code checked at its own step ("Check your messages"), before a
 * new password is chosen: the code is not used up, a wrong one counts toward
 * the tries like at the reset itself.
 */
export const ResetCodeCheck = z.object({ payload, code: EmailSmsCode });
export type ResetCodeCheck = z.infer<typeof ResetCodeCheck>;

// ───────────────────────────── Forgot username ─────────────────────────────

/** Spec "Forgot username": by card number (LU: activation code) or national register number. */
export const ForgotUsernameRequest = eitherOr(
  {
    card_number: CardNumber,
    activation_code: ActivationCode,
    national_register_number: NationalRegisterNumber,
  },
  'Give a card number, an activation code or a national register number.',
);
export type ForgotUsernameRequest = z.infer<typeof ForgotUsernameRequest>;

/** The usernames (e-mails, then phones) of the matching account, masked; empty when none. */
export const ForgotUsernameAnswer = z.object({ usernames: z.array(z.string()) });
export type ForgotUsernameAnswer = z.infer<typeof ForgotUsernameAnswer>;

// ──────────────────────────────── Onboarding ───────────────────────────────

/** An invitation code (BE), as typed: letters, digits and dashes. */
export const InvitationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{4,32}$/, { error: 'The code is invalid.' });

/** Start by card number (BE), activation code (LU) or invitation code (BE). */
export const OnboardingStart = eitherOr(
  { card_number: CardNumber, activation_code: ActivationCode, invitation_code: InvitationCode },
  'Give a card number, an activation code or an invitation code.',
);
export type OnboardingStart = z.infer<typeof OnboardingStart>;

/**
 * The step the flow expects next (the mock enforces the spec's order: e-mail,
 * e-mail code, phone, phone code, password, terms).
 */
export const OnboardingStepName = z.enum([
  'email',
  'email-code',
  'phone',
  'phone-code',
  'password',
  'terms',
]);
export type OnboardingStepName = z.infer<typeof OnboardingStepName>;

/**
 * Either a flow to continue (`payload`; `currentEmail` is the masked e-mail on
 * file for the card, offered as "keep the current e-mail", or null), or — when
 * the card already belongs to an account — only `existingAccount` (route
 * onboarding.existingCard: sign in instead).
 */
export const OnboardingStarted = z.union([
  z.object({ payload, step: OnboardingStepName, currentEmail: z.string().nullable() }),
  z.object({ existingAccount: z.object({ username: z.string() }) }),
]);
export type OnboardingStarted = z.infer<typeof OnboardingStarted>;

/** Where the flow stands after a step; `recipient` (masked) when a code was just sent. */
export const OnboardingProgress = z.object({
  payload,
  step: OnboardingStepName,
  recipient: z.string().optional(),
});
export type OnboardingProgress = z.infer<typeof OnboardingProgress>;

/** E-mail verification: keep the e-mail on file (`keep_current: true`) or give a personal one. */
export const OnboardingEmail = z
  .object({ payload, email: Email.optional(), keep_current: z.literal(true).optional() })
  .superRefine(
    exactlyOneOf(['email', 'keep_current'], 'Give an e-mail address or keep the current one.'),
  );
export const OnboardingPhone = z.object({ payload, phone: Phone });
export const OnboardingCode = z.object({ payload, code: EmailSmsCode });
export const OnboardingPassword = z.object({ payload, password: NewPassword });
/**
 * Terms and privacy must be accepted (docs/product.md part 5); marketing is optional.
 * The names the person gave at "Create your account" come with this last
 * step, which creates the account (its dashboard greets them by first name).
 */
export const OnboardingTerms = z.object({
  payload,
  firstname: PersonName,
  lastname: PersonName,
  terms: z.literal(true, { error: 'The terms must be accepted.' }),
  privacy: z.literal(true, { error: 'The privacy policy must be accepted.' }),
  marketing: z.boolean().optional(),
  /** The language the person went through the onboarding in: the new account's language. */
  language: Language.optional(),
});

/**
 * Spec "Onboarding" confirmation: `card_activated`; `activation_failed` (the
 * account exists, the card can be activated in the app, contact support);
 * `code_only` (invitation code, no card).
 */
export const OnboardingOutcome = z.enum(['card_activated', 'activation_failed', 'code_only']);
export type OnboardingOutcome = z.infer<typeof OnboardingOutcome>;

/** Upstream answer to the last step: the outcome and a session for the new account. */
export const OnboardingConfirmed = TokenAnswer.extend({ outcome: OnboardingOutcome });
export type OnboardingConfirmed = z.infer<typeof OnboardingConfirmed>;

// Not `as const`: ts-rest's response typing rejects readonly status keys.
/** The payload is unknown, spent or expired (1 hour): start again. */
const expired = { 404: ErrorBody };
/**
 * `wrong_step` (order), `card_taken`; `email-duplicated`, `phone-duplicated` only when
 * the account is created (an address taken meanwhile): the e-mail and phone steps answer
 * an address an account holds as a free one and tell its owner instead.
 */
const conflict = { 409: ErrorBody };
/** A step of the flow: where it stands now, or why the step was refused. */
const stepAnswers = { 200: OnboardingProgress, 400: ErrorBody, ...expired, ...conflict };
/** A step that checks a code or a password: also 422 with the message on a wrong one. */
const checkedStepAnswers = { ...stepAnswers, 422: MessageBody };

export const onboardingAccount = c.router({
  forgotPassword: {
    method: 'POST',
    metadata: rateLimited('forgot'),
    path: '/user/forgot-password',
    summary: 'Forgot password: send an 8-digit code by e-mail or SMS to the account of a login',
    body: ForgotPasswordRequest,
    responses: { 200: ForgotPasswordAnswer, 400: ErrorBody },
  },
  resetPassword: {
    method: 'POST',
    metadata: rateLimited('forgot'),
    path: '/user/reset-password',
    summary: 'Reset the password with the code sent (422 message on a wrong or expired code)',
    body: ResetPasswordRequest,
    responses: { 204: c.noBody(), 400: ErrorBody, 422: MessageBody },
  },
  checkResetCode: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/user/reset-password/check',
    summary:
      'Check the reset code without using it (422 message on a wrong, expired or spent code)',
    body: ResetCodeCheck,
    responses: { 204: c.noBody(), 400: ErrorBody, 422: MessageBody },
  },
  forgotUsername: {
    method: 'POST',
    metadata: rateLimited('forgot'),
    path: '/user/forgot-username',
    summary: 'Forgot username: the masked usernames of a card number or national register number',
    body: ForgotUsernameRequest,
    responses: { 200: ForgotUsernameAnswer, 400: ErrorBody },
  },
  start: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding',
    summary: 'Onboarding: start by card number (BE), activation code (LU) or invitation code',
    body: OnboardingStart,
    responses: { 200: OnboardingStarted, 400: ErrorBody, 404: ErrorBody },
  },
  sendEmailCode: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding/email',
    summary: 'Onboarding: choose the e-mail (current or personal) and send it a code',
    body: OnboardingEmail,
    responses: stepAnswers,
  },
  verifyEmail: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding/email/verify',
    summary: 'Onboarding: confirm the e-mail with its code',
    body: OnboardingCode,
    responses: checkedStepAnswers,
  },
  sendPhoneCode: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding/phone',
    summary: 'Onboarding: choose the phone number and send it a code by SMS',
    body: OnboardingPhone,
    responses: stepAnswers,
  },
  verifyPhone: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding/phone/verify',
    summary: 'Onboarding: confirm the phone number with its code',
    body: OnboardingCode,
    responses: checkedStepAnswers,
  },
  setPassword: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/onboarding/password',
    summary:
      'Onboarding: choose the password (password rules apply; 422 `password_breached` when it appears in known breaches)',
    body: OnboardingPassword,
    responses: checkedStepAnswers,
  },
  acceptTerms: {
    method: 'POST',
    path: '/onboarding/terms',
    summary:
      'Onboarding: accept terms and privacy (marketing optional); creates the account, activates the card, signs in',
    body: OnboardingTerms,
    responses: { 200: OnboardingConfirmed, 400: ErrorBody, ...expired, ...conflict },
  },
});
