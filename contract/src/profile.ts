import { z } from 'zod';
import { c } from './c';
import { ErrorBody, MessageBody } from './errors';
import { IbanCountry, Language, NewPassword, PersonName, RowId } from './fields';
import { preloadedRead, rateLimited } from './rate-limits';
import { Session } from './sessions';

export const ContactEntry = z.object({
  id: z.number().int(),
  value: z.string(),
  default: z.boolean(),
  verified: z.boolean(),
  /** Whether two-step verification codes may be sent to this entry. */
  mfa: z.boolean(),
});
export type ContactEntry = z.infer<typeof ContactEntry>;

export const Gender = z.enum(['female', 'male', 'other']);

/** docs/product.md part 3, User. */
export const User = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  customer_user_id: z.number().int().nullable(),
  fridom_user_id: z.number().int().nullable(),
  email: z.array(ContactEntry),
  phone: z.array(ContactEntry),
  totpRecovery: z.array(z.object({ used_at: z.string().nullable() })),
  firstname: z.string(),
  lastname: z.string(),
  birthdate: z.string().nullable(),
  gender: Gender.nullable(),
  language: Language,
  password_status: z.number().int(),
  last_password_change: z.string().nullable(),
  mfa_forced: z.boolean(),
  mfa_customer: z.boolean(),
  has_sso: z.boolean(),
  sso_only: z.boolean(),
  /** docs/product.md part 3, Profile: the bank account (electronic format) and its country. */
  iban: z.string().nullable(),
  iban_country: IbanCountry.nullable(),
  /** docs/product.md part 3, Profile: the identity-provider login e-mail once linked. */
  sso_email: z.string().nullable(),
  /**
   * After a lockdown (docs/flows.md, "Lock my account"): the passkeys and
   * second factors wait for the user's review at the next sign-in. Absent:
   * nothing to review.
   */
  security_review: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

const UserAnswer = z.object({ data: User });

/**
 * A password changed or replaced (docs/threat-model.md, "A session's life"):
 * the user, and the account's other sessions the change signed out, as they
 * were (`status: 'revoked'`), so that the screen can name them. The session
 * of the change itself goes on (the gateway renews its token).
 */
export const PasswordChanged = z.object({
  data: User,
  signed_out: z.array(Session),
});
export type PasswordChanged = z.infer<typeof PasswordChanged>;

/** A date of birth: an ISO calendar date (`1985-07-31`) that exists and is not in the future. */
export const BirthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The date of birth must be a date (YYYY-MM-DD).' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    },
    { error: 'The date of birth must be a date (YYYY-MM-DD).' },
  )
  .refine((v) => v >= '1900-01-01', { error: 'The date of birth is too far in the past.' })
  .refine((v) => v <= new Date().toISOString().slice(0, 10), {
    error: 'The date of birth cannot be in the future.',
  });

/**
 * Edit-info (docs/product.md part 3, Profile): only the fields sent change. The language
 * must be one of the region's (BE: en, fr, nl; LU: fr, en, de), else 400.
 */
export const ProfileUpdate = z
  .object({
    firstname: PersonName,
    lastname: PersonName,
    birthdate: BirthDate.nullable(),
    gender: Gender.nullable(),
    language: Language,
  })
  .partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/**
 * The IBAN is checked by the upstream with the shared `Iban` rule so that a
 * bad one gets the spec's 422 `{message: 'The provided IBAN is invalid.'}`
 * rather than a validation 400.
 */
export const IbanUpdate = z.object({
  iban: z.string().trim().min(1, { error: 'The provided IBAN is invalid.' }).max(64),
  country: IbanCountry,
});

/** Password change from Security > edit-password: the current one is checked. */
export const PasswordChange = z.object({
  current_password: z.string().min(1, { error: 'Password is required' }).max(200),
  password: NewPassword,
});

/** The portal's password change: with the captcha on, its token goes along (it checks a password). */
export const PortalPasswordChange = PasswordChange.extend({
  captcha: z.string().min(1).max(8192).optional(),
});

/** The forced change of the weak-password screen (`verified=true`): no current password. */
export const WeakPasswordReplacement = z.object({ password: NewPassword });

/**
 * docs/product.md part 7 `POST /user/login`: add an e-mail or a phone as a login. The
 * value is checked by the upstream (`Email`, `Phone`; a national phone number
 * is read in the region's country) so that a bad one answers the spec's 422.
 * `mfa` (default true): also send two-step codes to it once verified.
 */
export const LoginChange = z.union([
  z.object({ email: z.string().trim().min(1).max(254), mfa: z.boolean().optional() }).strict(),
  z.object({ phone: z.string().trim().min(1).max(32), mfa: z.boolean().optional() }).strict(),
]);
export type LoginChange = z.infer<typeof LoginChange>;

/** A code was sent to the new address: `id` is its (unverified) entry, `payload` goes to confirm. */
export const CodeSent = z.object({ id: z.number().int(), payload: z.string() });

/** docs/product.md part 7 `POST /user/login/confirm`. */
export const LoginConfirm = z.object({
  payload: z.string().min(1).max(200),
  code: z.string().trim().min(1, { error: 'The code is invalid.' }).max(32),
});

/**
 * Duplicate answers (409) of docs/product.md part 5: `code` is one of these, `message`
 * says "This email is already in use. Please use another one." (or the phone's).
 */
export const DUPLICATE_CODES = ['email-duplicated', 'phone-duplicated', 'sms-duplicated'] as const;
export const DUPLICATE_MESSAGES = {
  email: 'This email is already in use. Please use another one.',
  phone: 'This phone number is already in use. Please use another one.',
} as const;

/** docs/product.md part 8: the answer of a refused primary switch. */
export const SWITCH_FAILED = {
  code: 'switch_failed',
  message: 'An error occurred during the switch.',
} as const;

// Not `as const`: ts-rest's response typing rejects readonly status keys.
/** A sensitive change the account API checks itself: the user, or 422 with the message. */
const checkedChange = {
  200: UserAnswer,
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  422: MessageBody,
};
/**
 * What a call on one e-mail or phone (`/user/contacts/:id…`) may refuse: 403
 * without sudo, 404 when it is not the user's, 409 when its state forbids it.
 */
const contactRefusals = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
};

/**
 * Sensitive changes (IBAN, password, e-mails and phones) answer 403
 * `{code: 'sudo_required'}` without a recent MFA check (step-up with `/mfa/sudo`);
 * a user with no second factor at all is not asked for one.
 */
export const profileAccount = c.router({
  getUser: {
    method: 'GET',
    metadata: preloadedRead(),
    path: '/user',
    summary: 'The signed-in user',
    responses: { 200: UserAnswer, 401: ErrorBody },
  },
  updateUser: {
    method: 'PATCH',
    path: '/user',
    summary: 'Edit personal info: first and family name, date of birth, gender, language',
    body: ProfileUpdate,
    responses: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody },
  },
  updateIban: {
    method: 'PUT',
    path: '/user/iban',
    summary:
      'Set the IBAN and its country (sensitive: needs sudo; 422 "The provided IBAN is invalid.")',
    body: IbanUpdate,
    responses: checkedChange,
  },
  changePassword: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/user/password',
    summary:
      "Change the password: current one checked (422 `password_incorrect`; wrong ones count toward the sign-in's lock, and while it holds 429 `too_many_attempts` with Retry-After), new one by the password rules (400) and different from the current one (422 `password_unchanged`); needs sudo. Every other session of the account ends; the answer names them (`signed_out`)",
    body: PasswordChange,
    responses: { ...checkedChange, 200: PasswordChanged, 429: ErrorBody },
  },
  replaceWeakPassword: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/user/password/weak',
    summary:
      'Forced change of a weak password (password_status 1 or 2): no current password, the new one must differ (422 `password_unchanged`); 409 when the password is not weak. Every other session of the account ends; the answer names them (`signed_out`)',
    body: WeakPasswordReplacement,
    responses: {
      200: PasswordChanged,
      400: ErrorBody,
      401: ErrorBody,
      409: ErrorBody,
      422: MessageBody,
    },
  },
  addLogin: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/user/login',
    summary:
      'Add an e-mail or phone (spec login change): an unverified entry is created and an 8-digit code sent to it (to an address another account holds, no code: its owner is told, and the answer is the same); 409 email-duplicated / phone-duplicated when it is already on this account; needs sudo',
    body: LoginChange,
    responses: {
      200: CodeSent,
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      409: ErrorBody,
      422: MessageBody,
    },
  },
  confirmLogin: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/user/login/confirm',
    summary:
      'Verify the new e-mail or phone with its code (valid 10 minutes, single use, 5 tries); 422 with the message',
    body: LoginConfirm,
    responses: { 200: UserAnswer, 400: ErrorBody, 401: ErrorBody, 422: MessageBody },
  },
  resendContactCode: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/user/contacts/:id/verify',
    summary: 'Send a new code to an unverified e-mail or phone (answers a new payload); needs sudo',
    pathParams: RowId,
    body: c.noBody(),
    responses: { 200: CodeSent, ...contactRefusals },
  },
  deleteContact: {
    method: 'DELETE',
    path: '/user/contacts/:id',
    summary:
      'Delete an e-mail or phone; 409 when it is the last e-mail or phone, the primary one, or the target of the last e-mail/SMS MFA method; needs sudo',
    pathParams: RowId,
    body: c.noBody(),
    responses: { 200: UserAnswer, ...contactRefusals },
  },
  makeContactPrimary: {
    method: 'POST',
    path: '/user/contacts/:id/primary',
    summary:
      'Make an e-mail or phone the default one: only verified entries with 2FA (409 switch_failed otherwise); needs sudo',
    pathParams: RowId,
    body: c.noBody(),
    responses: { 200: UserAnswer, ...contactRefusals },
  },
});

/** The portal API of this domain: the same calls under /api (no token in any of them). */
export const profilePortal = c.router({
  ...profileAccount,
  changePassword: {
    ...profileAccount.changePassword,
    summary: `${profileAccount.changePassword.summary}; with the captcha on, its token (400 \`captcha\`, 502 \`captcha_unavailable\`)`,
    body: PortalPasswordChange,
  },
  replaceWeakPassword: {
    ...profileAccount.replaceWeakPassword,
    summary: `${profileAccount.replaceWeakPassword.summary}. Answers the page the sign-in goes on to (\`next\`: forced or offered second factor, else \`target\` as the gateway checked it, else the dashboard)`,
    body: WeakPasswordReplacement.extend({
      /** Where the sign-in was headed (the page's `target`), checked by the gateway. */
      target: z.string().max(2000).optional(),
    }),
    responses: {
      ...profileAccount.replaceWeakPassword.responses,
      200: PasswordChanged.extend({ next: z.string().startsWith('/') }),
      /** The password is not weak (any more): nothing to replace, the sign-in goes on to `next`. */
      409: ErrorBody.extend({ next: z.string().startsWith('/') }),
    },
  },
});
