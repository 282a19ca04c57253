import { z } from 'zod';
import { c } from './c';
import { CardNumber, formNumber, MfaCode } from './fields';
import { rateLimited } from './rate-limits';
import { SignInStepRefusal, SignInView, stepResponses } from './sign-in';

/*
 * The step-up (`sudo`, docs/flows.md "Step-up"): a signed-in page or change
 * that needs a recent second factor. The gateway keeps the check in a flow
 * (the account API's sudo payload, the methods, the page it ends on, checked
 * once at its start) and answers each step with the page to go to next; the
 * same step is a plain HTML form on `/mfa` and `/mfa/methods`, which the
 * gateway turns into this very call (docs/decisions/0011-journeys-owned-by-the-gateway.md).
 * 401: no session.
 */

const stepUpResponses = { ...stepResponses, 401: SignInStepRefusal } as const;

export const stepUpPortal = c.router({
  readStepUp: {
    method: 'GET',
    path: '/step-up',
    summary:
      "The step-up under way in this browser (its flow): the methods and the code's destination, masked; 410 `flow_gone` when there is none",
    responses: { 200: SignInView, 410: SignInStepRefusal },
  },
  start: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/step-up/start',
    summary:
      'Start a step-up for the signed-in user (a new journey): next is the code screen (the primary method’s code sent), the method list, or the target at once when a recent check still holds',
    body: z.object({
      /** The page the step-up ends on: checked once, here; anything but a path of the portal is the dashboard. */
      target: z.string().max(2000).optional(),
      /** A link from another site: the method list first, no code sent unasked. */
      quiet: z.boolean().optional(),
    }),
    responses: stepUpResponses,
  },
  method: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/step-up/method',
    summary: 'Use this method (0: the card): a code is sent by it; next is the code screen',
    body: z.object({ mfaId: formNumber(z.number().int().nonnegative()) }),
    responses: stepUpResponses,
  },
  resend: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/step-up/resend',
    summary: 'Send a new code by the same method',
    body: z.object({}).passthrough(),
    responses: stepUpResponses,
  },
  code: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/step-up/code',
    summary:
      'The code (and the card number when the card is the method): the check holds for 15 minutes, next is the target (a recovery key: the keys left first); 400 `invalid_code` at the field',
    body: z.object({ code: MfaCode, card_number: CardNumber.optional() }),
    responses: stepUpResponses,
  },
  passkey: {
    method: 'POST',
    path: '/step-up/passkey',
    summary:
      'The passkey was used instead of a code (`POST /api/passkeys/authenticate` for `sudo`): when the check holds, next is the target; 400 `passkey_not_used` otherwise',
    body: z.object({}).passthrough(),
    responses: stepUpResponses,
  },
});
