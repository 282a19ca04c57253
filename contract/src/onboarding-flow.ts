import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { OnboardingOutcome } from './onboarding';
import { rateLimited } from './rate-limits';

/*
 * The onboarding journey's steps (docs/flows.md, "Onboarding"), owned by the
 * gateway like the sign-in's: the account API's payload, the names, the terms
 * and the addresses confirmed stay in the gateway's flow (an httpOnly
 * cookie holds only its id); each step answers the page to go to next. A
 * step's page posts the same step as a plain HTML form to itself, which the
 * gateway turns into this very call (docs/decisions/0011-journeys-owned-by-the-gateway.md).
 * Fields arrive as typed (a card number with its spaces, a local phone
 * number, a checkbox's `on`): the gateway reads them and answers a refusal at
 * the field, in the same words for both encodings.
 */

/** Where the onboarding stands: each step is one page (`ONBOARDING_PAGES`). */
export const OnboardingFlowStep = z.enum([
  'details',
  'email',
  'email-code',
  'email-done',
  'phone',
  'phone-code',
  'phone-done',
  'password',
  'done',
  'existing',
]);
export type OnboardingFlowStep = z.infer<typeof OnboardingFlowStep>;

/** The page each step is drawn at (the spec's routes). */
export const ONBOARDING_PAGES: Record<OnboardingFlowStep, string> = {
  details: '/onboarding/create',
  email: '/onboarding/email-verification',
  'email-code': '/onboarding/email-verification',
  'email-done': '/onboarding/email-verification',
  phone: '/onboarding/phone-verification',
  'phone-code': '/onboarding/phone-verification',
  'phone-done': '/onboarding/phone-verification',
  password: '/onboarding/password',
  done: '/onboarding/confirmation',
  existing: '/onboarding/existingCard',
};

/** An address or number chosen: where the code went (`to`: in full when typed here, else masked). */
const Contact = z.object({ to: z.string(), verified: z.boolean() });

/** What the onboarding's pages draw, read from the flow (no payload: it stays in the gateway). */
export const OnboardingView = z.object({
  step: OnboardingFlowStep,
  /** How it started: a card (BE card number, LU activation code) or an invitation code. */
  source: z.enum(['card', 'code']),
  /** The card number (in groups of four) or code it started with. */
  entry: z.string(),
  /** The masked e-mail address on file for the card, offered to keep; null when none. */
  currentEmail: z.string().nullable(),
  /** "Your details", once given: shown again on Back. */
  details: z
    .object({ firstname: z.string(), lastname: z.string(), marketing: z.boolean() })
    .nullable(),
  /** The e-mail address chosen; `login` the address in full when typed (a password manager's username). */
  email: Contact.extend({ login: z.string().nullable() }).nullable(),
  phone: Contact.nullable(),
  /** Once the account exists (`done`): how the card's activation went. */
  outcome: OnboardingOutcome.nullable(),
  /** `existing`: the card belongs to an account already, named by its masked username. */
  existingUsername: z.string().nullable(),
});
export type OnboardingView = z.infer<typeof OnboardingView>;

/** A step done: the page to go to next, and what it draws (null once the journey is over). */
export const OnboardingNext = z.object({
  next: z.string().startsWith('/'),
  view: OnboardingView.nullable(),
});
export type OnboardingNext = z.infer<typeof OnboardingNext>;

/** The fields of the onboarding's forms a refusal may be said at. */
export const OnboardingField = z.enum([
  'card',
  'invitation',
  'firstname',
  'lastname',
  'terms',
  'privacy',
  'email',
  'phone',
  'code',
  'password',
]);
export type OnboardingField = z.infer<typeof OnboardingField>;

/**
 * A step refused: the message, its code (the screens' words are chosen by it)
 * and the field it belongs next to. 409 `flow_step`: a step out of order;
 * 410 `flow_gone`: no onboarding under way (expired, complete, never started).
 */
export const OnboardingRefusal = ErrorBody.extend({ field: OnboardingField.optional() });
export type OnboardingRefusal = z.infer<typeof OnboardingRefusal>;

const answers = {
  200: OnboardingNext,
  400: OnboardingRefusal,
  409: OnboardingRefusal,
  410: OnboardingRefusal,
  429: OnboardingRefusal,
} as const;

/** A form's checkbox (`on`) or JSON's boolean. */
const Checked = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('')])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

/** A field as typed (the gateway reads it); never longer than a form's field would be. */
const typed = (max: number) => z.string().max(max).optional().default('');

export const onboardingFlowPortal = c.router({
  read: {
    method: 'GET',
    path: '/onboarding-flow',
    summary:
      'The onboarding under way in this browser (its flow): the step and what its page draws; 410 `flow_gone` when there is none',
    responses: { 200: OnboardingView, 410: OnboardingRefusal },
  },
  start: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding-flow/start',
    summary:
      'Start (a new journey) with a card number (BE, spaces allowed), an activation code (LU) or an invitation code: next is "Your details", or the card\'s existing account; 400 at the field for an unknown or malformed one',
    body: z.object({ card: typed(40), invitation: typed(40) }),
    responses: answers,
  },
  details: {
    method: 'POST',
    path: '/onboarding-flow/details',
    summary:
      'Your details: first and family name, the terms and the privacy policy accepted (both required), marketing optional; next is the e-mail step',
    body: z.object({
      firstname: typed(200),
      lastname: typed(200),
      terms: Checked,
      privacy: Checked,
      marketing: Checked,
    }),
    responses: answers,
  },
  email: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding-flow/email',
    summary:
      "The e-mail address: a personal one, or the card's kept (`keep`); a code is sent to it and the same page asks for it",
    body: z.object({ email: typed(320), keep: Checked }),
    responses: answers,
  },
  phone: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding-flow/phone',
    summary:
      "The mobile number (international, or local to the variant's country); a code is sent by SMS and the same page asks for it",
    body: z.object({ phone: typed(40) }),
    responses: answers,
  },
  code: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding-flow/code',
    summary:
      'The 8-digit code of the e-mail or phone step under way: next is the following step; 400 `code_invalid` or `code_expired` at the field',
    body: z.object({ code: typed(40) }),
    responses: answers,
  },
  resend: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/onboarding-flow/resend',
    summary: 'Send the code of the e-mail or phone step under way again, to the same address',
    body: z.object({}).passthrough(),
    responses: answers,
  },
  password: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/onboarding-flow/password',
    summary:
      'The new password (rules and known breaches apply, 400 at the field): the account is created with the details and terms given, the card activated and the browser signed in; next is the confirmation',
    /** `confirm`: the password typed again (a form without script sends it; it must be the same). */
    body: z.object({ password: typed(200), confirm: z.string().max(200).optional() }),
    responses: answers,
  },
  continue: {
    method: 'POST',
    path: '/onboarding-flow/continue',
    summary:
      'Continue without changing anything: a confirmed e-mail address or number goes on to the next step; the confirmation ends the journey (the dashboard)',
    body: z.object({}).passthrough(),
    responses: answers,
  },
  back: {
    method: 'POST',
    path: '/onboarding-flow/back',
    summary:
      'Back: the previous step (what was given there shown again); from the first step, the start',
    body: z.object({}).passthrough(),
    responses: answers,
  },
});
