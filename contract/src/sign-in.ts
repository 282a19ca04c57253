import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { CardNumber, formNumber, LoginPassword, MfaCode, Username } from './fields';
import { MfaKind } from './mfa';
import { rateLimited } from './rate-limits';

/*
 * The sign-in journey's steps (docs/flows.md, "Sign-in"): the gateway keeps
 * the journey in a flow (server-side state behind an httpOnly cookie) and
 * answers each step with the page to go to next. A step's page posts the
 * same step as a plain HTML form to itself; the gateway turns it into this
 * very call (docs/decisions/0011-journeys-owned-by-the-gateway.md).
 */

/** A method as the sign-in's pages show it (no payload: it stays in the flow). */
export const SignInMethod = z.object({
  id: z.number().int(),
  method: MfaKind,
  /** The masked address or number (`maskContact`); null for the authenticator app. */
  target: z.string().nullable(),
  primary: z.boolean(),
});

/** What the sign-in's pages draw (`/mfa/methods`, `/mfa`): read from the flow, never stored in the browser. */
export const SignInView = z.object({
  step: z.enum(['methods', 'code']),
  /**
   * Whose steps these are: a sign-in's (absent), a signed-in user's step-up
   * (`/api/step-up/*`), or a duplicate merge's code to the other account (`/api/merge/*`).
   */
  journey: z.enum(['sign-in', 'step-up', 'merge']).optional(),
  /** The address or number typed to sign in: shown in full where a target is its mask. */
  login: z.string(),
  methods: z.array(SignInMethod),
  /** The code under way: how it was sent. */
  check: z
    .object({ method: MfaKind, target: z.string().nullable(), mfaId: z.number().int() })
    .nullable(),
  /** Where the journey ends (a path of the portal, checked once at its start); null: the dashboard. */
  target: z.string().nullable(),
});
export type SignInView = z.infer<typeof SignInView>;

/** A step done: the page to go to next, and (for a sign-in step) what it draws. */
export const SignInNext = z.object({
  next: z.string().startsWith('/'),
  view: SignInView.nullable(),
});
export type SignInNext = z.infer<typeof SignInNext>;

/**
 * A step refused: the message, the field it belongs next to, and (a wrong
 * password near the pause) the tries left. 409 `flow_step`: a step out of
 * order; 410 `flow_gone`: the sign-in expired or is complete.
 */
export const SignInStepRefusal = ErrorBody.extend({
  field: z.enum(['username', 'password', 'captcha', 'mfaId', 'code', 'card_number']).optional(),
  attempts_left: z.number().int().min(1).optional(),
});
export type SignInStepRefusal = z.infer<typeof SignInStepRefusal>;

export const stepResponses = {
  200: SignInNext,
  400: SignInStepRefusal,
  409: SignInStepRefusal,
  410: SignInStepRefusal,
  429: SignInStepRefusal,
  502: SignInStepRefusal,
} as const;

/** `trust`: the form's checkbox (`on`) or JSON's boolean. */
const Checked = z
  .union([z.boolean(), z.literal('on'), z.literal('true')])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

export const signInPortal = c.router({
  readSignIn: {
    method: 'GET',
    path: '/sign-in',
    summary:
      "The sign-in under way in this browser (its flow): the methods and the code's destination, masked; 410 `flow_gone` when there is none",
    responses: { 200: SignInView, 410: SignInStepRefusal },
  },
  password: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/sign-in/password',
    summary:
      'Sign in with an e-mail address or phone number and password (a new journey): next is the code screen (code sent by the primary method), the method list, or (signed in, the cookie set) the page after sign-in. 400 at its field (`attempts_left` near the pause), 429 locked (Retry-After), 502 captcha provider away',
    body: z.object({
      username: Username,
      password: LoginPassword,
      captcha: z.string().min(1).max(8192).optional(),
      /** Where the journey ends: checked once, here; anything but a path of the portal is dropped. */
      target: z.string().max(2000).optional(),
    }),
    responses: stepResponses,
  },
  method: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/sign-in/method',
    summary: 'Use this method: a code is sent by it; next is the code screen',
    body: z.object({ mfaId: formNumber(z.number().int().positive()) }),
    responses: stepResponses,
  },
  resend: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/sign-in/resend',
    summary: 'Send a new code by the same method',
    body: z.object({}).passthrough(),
    responses: stepResponses,
  },
  code: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/sign-in/code',
    summary:
      'The code (8 digits by e-mail and SMS, 6 from the app, or a recovery key): signed in, next is the page docs/product.md part 4 "after a correct code" names; 400 `invalid_code` at the field',
    body: z.object({
      code: MfaCode,
      trust: Checked,
      card_number: CardNumber.optional(),
    }),
    responses: stepResponses,
  },
});
