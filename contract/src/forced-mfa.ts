import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';
import { MfaCode } from './fields';
import { rateLimited } from './rate-limits';

/*
 * The forced second-factor setup after a sign-in (docs/flows.md, "Forced
 * MFA"; docs/product.md part 2 "Forced MFA" and part 4's forced-MFA rule):
 * an intro (a customer who may skip: Activate or Skip), the e-mail step, the
 * phone step (each: send a code, then the code), a confirmation, then the
 * platform. The gateway keeps the setup in a flow (the account API's
 * activation payload, the steps still to do, the target checked once) and
 * answers each step with the page to go to next; `/setup-mfa` posts the same
 * steps as a plain HTML form (docs/decisions/0011-journeys-owned-by-the-gateway.md).
 */

/** A contact step of the forced setup: the e-mail address, then the phone number. */
export const ForcedMfaKind = z.enum(['email', 'sms']);
export type ForcedMfaKind = z.infer<typeof ForcedMfaKind>;

/** What `/setup-mfa` draws: read from the flow, never kept in the browser. */
export const ForcedMfaView = z.object({
  step: z.enum(['intro', 'contact', 'code', 'done']),
  /** The contact step under way (`contact`, `code`); null on the intro and the confirmation. */
  kind: ForcedMfaKind.nullable(),
  /** The steps of this setup, decided when it began (the methods the account lacked then). */
  steps: z.array(ForcedMfaKind),
  /** A customer with a second factor available but not forced: Activate or Skip on the intro. */
  mayskip: z.boolean(),
  /** A customer account (the intro says not to share credentials). */
  customer: z.boolean(),
  /** The user's own address or number on file for this step (theirs: in full, a number grouped as its country writes it); null: none. */
  contact: z.string().nullable(),
  /** The phone step asks for another number than the one on file. */
  other: z.boolean(),
  /** Where the code went (`code`), written as `contact` is. */
  sentTo: z.string().nullable(),
  /** Where the setup ends (a path of the portal, checked once at its start); null: the dashboard. */
  target: z.string().nullable(),
});
export type ForcedMfaView = z.infer<typeof ForcedMfaView>;

export const ForcedMfaNext = z.object({
  next: z.string().startsWith('/'),
  view: ForcedMfaView.nullable(),
});
export type ForcedMfaNext = z.infer<typeof ForcedMfaNext>;

/**
 * A step refused, said at its field (`phone`: the number typed; `code`). 409
 * `flow_step`: a step out of order; 410 `flow_gone`: no setup under way
 * (expired, complete); 401: no session.
 */
export const ForcedMfaRefusal = ErrorBody.extend({
  field: z.enum(['phone', 'code']).optional(),
});
export type ForcedMfaRefusal = z.infer<typeof ForcedMfaRefusal>;

const forcedMfaResponses = {
  200: ForcedMfaNext,
  400: ForcedMfaRefusal,
  401: ForcedMfaRefusal,
  409: ForcedMfaRefusal,
  410: ForcedMfaRefusal,
  429: ForcedMfaRefusal,
} as const;

const NoBody = z.object({}).passthrough();

export const forcedMfaPortal = c.router({
  readForcedMfa: {
    method: 'GET',
    path: '/forced-mfa',
    summary:
      'The forced second-factor setup under way in this browser (its flow): its step and what it draws; 410 `flow_gone` when there is none',
    responses: { 200: ForcedMfaView, 401: ForcedMfaRefusal, 410: ForcedMfaRefusal },
  },
  start: {
    method: 'POST',
    path: '/forced-mfa/start',
    summary:
      'Start the setup for the signed-in user (a new journey): next is `/setup-mfa` (its intro), the choice of a method for an account neither forced nor offered one, or the target at once when nothing is left to set up',
    body: z.object({
      /** The page the setup ends on: checked once, here; anything but a path of the portal is the dashboard. */
      target: z.string().max(2000).optional(),
    }),
    responses: forcedMfaResponses,
  },
  begin: {
    method: 'POST',
    path: '/forced-mfa/begin',
    summary: 'The intro confirmed ("Continue", or a customer’s "Activate"): next is the first step',
    body: NoBody,
    responses: forcedMfaResponses,
  },
  skip: {
    method: 'POST',
    path: '/forced-mfa/skip',
    summary:
      'A customer who may skip does (the setup spent): next is the target; 409 for anyone forced',
    body: NoBody,
    responses: forcedMfaResponses,
  },
  other: {
    method: 'POST',
    path: '/forced-mfa/other',
    summary: '"This is not my number any more": the phone step asks for the number to use',
    body: NoBody,
    responses: forcedMfaResponses,
  },
  send: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/forced-mfa/send',
    summary:
      'Send the code to the address or number on file (or `phone`, the one typed): next is the code; 400 at `phone` for a number that is none, or one already used',
    body: z.object({ phone: z.string().max(40).optional() }),
    responses: forcedMfaResponses,
  },
  resend: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/forced-mfa/resend',
    summary: 'Send a new code to the same address or number',
    body: NoBody,
    responses: forcedMfaResponses,
  },
  code: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/forced-mfa/code',
    summary:
      'The 8-digit code: the method is set up (the session moves to a new token), next is the following step or the confirmation; 400 `invalid_code` at the field',
    body: z.object({ code: MfaCode }),
    responses: forcedMfaResponses,
  },
  finish: {
    method: 'POST',
    path: '/forced-mfa/finish',
    summary: '"Continue to the platform" on the confirmation (the setup spent): next is the target',
    body: NoBody,
    responses: forcedMfaResponses,
  },
});
