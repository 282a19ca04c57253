import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { EmailSmsCode, NewPassword, Username } from './fields';
import { rateLimited } from './rate-limits';
import { SignInView } from './sign-in';

/*
 * Forgot password and forgot username as journeys the gateway owns
 * (docs/flows.md, "Recovery"; docs/decisions/0011-journeys-owned-by-the-gateway.md).
 * Each step answers the page to go to next; a step's page posts the same step
 * as a plain HTML form, which the gateway turns into this very call. The
 * reset's payload and the checked code stay in the flow on the gateway.
 */

/** What the reset's pages (`/forgot-password-sent`, `/reset-password`) draw, read from the flow. */
export const RecoveryView = z.object({
  step: z.enum(['code', 'password']),
  /** The e-mail address or number (E.164) typed: shown in full where a recipient is its mask. */
  login: z.string(),
  /** Where the code went, masked. */
  recipient: z.array(z.string()),
  channel: z.enum(['email', 'sms']),
  /** Where the journey ends (a path of the portal, checked once at its start); null: the dashboard. */
  target: z.string().nullable(),
});
export type RecoveryView = z.infer<typeof RecoveryView>;

/**
 * A step done: the page to go to next; what it draws when it is a step of
 * the reset (`view`) or, handed over to the sign-in's second factor, of the
 * sign-in (`signIn`, for `/mfa` and `/mfa/methods`).
 */
export const RecoveryNext = z.object({
  next: z.string().startsWith('/'),
  view: RecoveryView.nullable(),
  signIn: SignInView.nullable(),
});
export type RecoveryNext = z.infer<typeof RecoveryNext>;

/** The fields a recovery step's refusal is said at. */
export const RecoveryField = z.enum(['login', 'captcha', 'code', 'password', 'number']);
export type RecoveryField = z.infer<typeof RecoveryField>;

/**
 * A step refused: the message and the field it belongs next to (a new
 * password's broken rules in `issues`). 409 `flow_step`: a step out of
 * order; 410 `flow_gone`: the journey expired or is complete.
 */
export const RecoveryRefusal = ErrorBody.extend({ field: RecoveryField.optional() });
export type RecoveryRefusal = z.infer<typeof RecoveryRefusal>;

const refusals = {
  400: RecoveryRefusal,
  409: RecoveryRefusal,
  410: RecoveryRefusal,
  429: RecoveryRefusal,
  502: RecoveryRefusal,
} as const;
const stepResponses = { 200: RecoveryNext, ...refusals } as const;

/** The usernames forgot-username found, masked (none: an empty list), read from its flow. */
export const UsernamesView = z.object({ usernames: z.array(z.string()) });
export type UsernamesView = z.infer<typeof UsernamesView>;

export const recoveryPortal = c.router({
  readRecovery: {
    method: 'GET',
    path: '/recovery',
    summary:
      'The password reset under way in this browser (its flow): where the code went, masked; 410 `flow_gone` when there is none',
    responses: { 200: RecoveryView, 410: RecoveryRefusal },
  },
  start: {
    method: 'POST',
    metadata: rateLimited('forgot'),
    path: '/recovery/start',
    summary:
      'Forgot password, by e-mail address or phone number (a new journey): a code is sent to the account of the login, if any; next is "Check your messages". 400 at `login` (not an address, not a number) or `captcha`',
    body: z.object({
      by: z.enum(['email', 'phone']),
      login: Username,
      captcha: z.string().min(1).max(8192).optional(),
      /** Where the journey ends once signed in: checked once, here; anything but a path of the portal is dropped. */
      target: z.string().max(2000).optional(),
    }),
    responses: stepResponses,
  },
  resend: {
    method: 'POST',
    metadata: rateLimited('forgot'),
    path: '/recovery/resend',
    summary:
      'A new reset code, by the same channel or the other one (`technology`); the earlier code stops working',
    body: z.object({ technology: z.enum(['email', 'sms']).optional() }),
    responses: stepResponses,
  },
  code: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/recovery/code',
    summary:
      'The reset code (8 digits), checked without using it: next is the new password. 400 `invalid_code` / `code_expired` at `code`',
    body: z.object({ code: EmailSmsCode }),
    responses: stepResponses,
  },
  password: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/recovery/password',
    summary:
      'The new password (the rules apply; `password_breached` when it is in known breaches): saved, then signed in with it as a sign-in would be (the second factor when the account API asks for it: next is `/mfa`), else the page the journey is headed to',
    body: z.object({ password: NewPassword }),
    responses: stepResponses,
  },
  readUsernames: {
    method: 'GET',
    path: '/forgot-username',
    summary:
      'The usernames forgot-username found in this browser (its flow), masked; 410 `flow_gone` when there is none',
    responses: { 200: UsernamesView, 410: RecoveryRefusal },
  },
  findUsernames: {
    method: 'POST',
    metadata: rateLimited('forgot'),
    path: '/forgot-username',
    summary:
      'Forgot username, by card number (LU: activation code) or national register number: next is the answer page with the usernames found, masked. 400 at `number`',
    body: z.object({
      by: z.enum(['card', 'nrn']),
      number: z.string().trim().min(1, { error: 'Type the number.' }).max(40),
    }),
    responses: stepResponses,
  },
});
