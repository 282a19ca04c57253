import { z } from 'zod';
import { c } from './c';
import { CardNumber, EmailSmsCode, formNumber, LoginPassword } from './fields';
import { FuzzionData } from './fuzzion';
import { MfaKind } from './mfa';
import { exactlyOneOf } from './onboarding';
import { rateLimited } from './rate-limits';
import { SignInStepRefusal, stepResponses } from './sign-in';

/*
 * The duplicate merge (fuzzion, docs/flows.md "Duplicate merge";
 * docs/product.md parts 2 and 4) as the gateway's flow: a sign-in whose code
 * found another account with a similar username hands over to it. The
 * account API's merge payload stays in the flow; the browser reads what the
 * pages draw (`GET /api/merge`) and sends each step, as JSON or as the plain
 * form of `/duplicated` (the proof and the decision) and of `/mfa/methods`
 * and `/mfa` (the code to the other account), which the gateway turns into
 * this very call, and follows the `next` it is answered.
 * 400 `invalid` at its field: a wrong card number, password or code;
 * 410 `flow_gone`: no merge under way (over, expired, or gone at the account API).
 */

/** What `/duplicated` draws: the other account (masked), the proofs it allows, where the sign-in was headed. */
export const MergeView = z.object({
  data: FuzzionData,
  /** The proofs on offer, in order: its card, its platform's password, a code to one of its e-mail or SMS methods. */
  proofs: z.array(z.enum(['card', 'password', 'code'])),
  /** How the sign-in was confirmed (`email`, `sms`…): a code is the proof offered first then. */
  signedInBy: MfaKind.nullable(),
  /** Where the sign-in was headed (a path of the portal, checked at its start); null: the dashboard. */
  target: z.string().nullable(),
});
export type MergeView = z.infer<typeof MergeView>;

const mergeResponses = { ...stepResponses, 401: SignInStepRefusal } as const;

export const mergePortal = c.router({
  readMerge: {
    method: 'GET',
    path: '/merge',
    summary:
      'The merge under way in this browser (its flow): the other account, masked, and the proofs it allows; 410 `flow_gone` when there is none',
    responses: { 200: MergeView, 401: SignInStepRefusal, 410: SignInStepRefusal },
  },
  claim: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/merge/claim',
    summary:
      "Prove the other account is yours by its card number or its platform's password (with the captcha on, a password carries its token): next is the decision, or a code still to confirm",
    body: z
      .object({
        card_number: CardNumber.optional(),
        password: LoginPassword.optional(),
        captcha: z.string().min(1).max(8192).optional(),
      })
      .superRefine(
        exactlyOneOf<{ card_number?: string; password?: string }>(
          ['card_number', 'password'],
          'Give the card number or the password.',
        ),
      ),
    responses: mergeResponses,
  },
  method: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/merge/method',
    summary: "A code to this one of the other account's methods; next is the code screen",
    body: z.object({ mfaId: formNumber(z.number().int()) }),
    responses: mergeResponses,
  },
  resend: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/merge/resend',
    summary: 'Send a new code by the same method',
    body: z.object({}).passthrough(),
    responses: mergeResponses,
  },
  code: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/merge/code',
    summary:
      'The code sent to the other account: next is the decision once ownership is proven, else the list for the next code',
    body: z.object({ code: EmailSmsCode }),
    responses: mergeResponses,
  },
  decide: {
    method: 'POST',
    path: '/merge/decide',
    summary:
      '`merge` (ownership proven: the merged account’s session replaces this one), `apart` (proven: the similar username leaves the other account), `not_me` (never proposed again) or `later` (proposed at the next sign-in); the merge is over, next is where it leads',
    body: z.object({ decision: z.enum(['merge', 'apart', 'not_me', 'later']) }),
    responses: mergeResponses,
  },
});
