import { z } from 'zod';
import { TokenAnswer } from './auth';
import { c } from './c';
import { ErrorBody, MessageBody } from './errors';
import { CardNumber, EmailSmsCode, LoginPassword } from './fields';
import { MfaMethod } from './mfa';
import { exactlyOneOf } from './onboarding';
import { rateLimited } from './rate-limits';

/**
 * Domain: duplicate-account merge ("fuzzion", docs/product.md parts 2 and 4).
 *
 * Confirming MFA at sign-in may answer `fuzzion: {payload}` instead of a
 * session: another account with a similar username exists. With that payload
 * the user first proves they own the other account — by its card number, by
 * its platform's password, or by a code sent to its e-mail or phone
 * (`POST /mfa/fuzzion`, then `POST /fuzzion`) — and then merges (accept) or
 * keeps the accounts apart (decline: the similar username is removed from the
 * other account). Without proof they can say "it is not me" or ignore the
 * proposal for now. The MFA confirmation already signed the user in; only a
 * merge answers a new session (the merged account), the other endings 204.
 *
 * Errors, as the web app shows them (docs/product.md part 8):
 * - 422 `{message: 'The information you provided is invalid.'}`: a wrong card
 *   number, password or code (5 wrong answers spend the payload);
 * - 404 `fuzzion_expired` / 409 `merge_failed`, both with the message
 *   "A technical error occurred during the merging of the accounts. Try again
 *   later.": the payload is unknown, spent or expired (30 minutes), or the other
 *   account is gone;
 * - 409 `wrong_step`: accept/decline before ownership was proven, or a code
 *   checked before one was sent.
 */

const payload = z.string().min(1).max(256);

/** The other account, as the duplicated screen shows it. */
export const FuzzionData = z.object({
  /** The other account's username, masked by `maskContact` (`d•••s@example.be`). */
  username: z.string(),
  /** The platform the other account belongs to (the login titles of docs/product.md part 2). */
  platform: z.enum(['client_area', 'employee_area', 'partner_area']),
  /** Ways the user can prove ownership of the other account. */
  claims: z.array(z.enum(['card', 'password', 'code'])),
  /** `found`: ownership not proven yet; `confirmed`: the user may merge or decline. */
  stage: z.enum(['found', 'confirmed']),
});
export type FuzzionData = z.infer<typeof FuzzionData>;

/**
 * docs/product.md part 3, Fuzzion: `mfa` lists the other account's e-mail and SMS methods
 * (masked) still to confirm with a code — empty once ownership is proven.
 */
export const Fuzzion = z.object({ mfa: z.array(MfaMethod), data: FuzzionData, payload });
export type Fuzzion = z.infer<typeof Fuzzion>;

export const FuzzionPayload = z.object({ payload });
/** docs/product.md part 7: `mfaId` of one of `Fuzzion.mfa`; `target` only for a negative id. */
export const FuzzionSendCode = z.object({
  payload,
  mfaId: z.number().int(),
  target: z.string().max(254).nullish(),
});
/** Answer to the send: the same payload and the method the code went to (target masked). */
export const FuzzionCodeSent = z.object({ payload, method: MfaMethod });
export const FuzzionCode = z.object({ payload, code: EmailSmsCode });
/** Claim ownership with the other account's card number or its platform's password. */
const claimFields = {
  payload,
  card_number: CardNumber.optional(),
  password: LoginPassword.optional(),
};
const oneProof = exactlyOneOf<{ card_number?: string; password?: string }>(
  ['card_number', 'password'],
  'Give the card number or the password.',
);
export const FuzzionClaim = z.object(claimFields).superRefine(oneProof);
// Not `as const`: ts-rest's response typing rejects readonly status keys.
const gone = { 404: ErrorBody };
const invalid = { 422: MessageBody };

export const fuzzionAccount = c.router({
  details: {
    method: 'POST',
    path: '/fuzzion/details',
    summary: 'Duplicate merge: the other account (masked) and the ways to prove it is yours',
    body: FuzzionPayload,
    responses: { 200: Fuzzion, 400: ErrorBody, ...gone, 409: ErrorBody },
  },
  sendCode: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/mfa/fuzzion',
    summary: "Duplicate merge: send a code to one of the other account's e-mail or SMS methods",
    body: FuzzionSendCode,
    responses: { 200: FuzzionCodeSent, 400: ErrorBody, ...gone, 409: ErrorBody, ...invalid },
  },
  confirmCode: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/fuzzion',
    summary: 'Duplicate merge: check the code; `mfa` empty means ownership is proven',
    body: FuzzionCode,
    responses: { 200: Fuzzion, 400: ErrorBody, ...gone, 409: ErrorBody, ...invalid },
  },
  claim: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/fuzzion/claim',
    summary:
      "Duplicate merge: prove ownership with the other account's card number or password (wrong passwords count toward the other account's sign-in lock; while it holds, 429 `too_many_attempts` with Retry-After)",
    body: FuzzionClaim,
    responses: {
      200: Fuzzion,
      400: ErrorBody,
      ...gone,
      409: ErrorBody,
      ...invalid,
      429: ErrorBody,
    },
  },
  accept: {
    method: 'POST',
    path: '/fuzzion/accept',
    summary:
      'Duplicate merge: merge the other account into this one (the current password serves all credentials); answers the session of the merged account',
    body: FuzzionPayload,
    responses: { 200: TokenAnswer, 400: ErrorBody, ...gone, 409: ErrorBody },
  },
  decline: {
    method: 'POST',
    path: '/fuzzion/decline',
    summary:
      'Duplicate merge: keep the accounts apart and remove the similar username from the other account',
    body: FuzzionPayload,
    responses: { 204: c.noBody(), 400: ErrorBody, ...gone, 409: ErrorBody },
  },
  notMe: {
    method: 'POST',
    path: '/fuzzion/not-me',
    summary: 'Duplicate merge: "it is not me" — never propose this merge again',
    body: FuzzionPayload,
    responses: { 204: c.noBody(), 400: ErrorBody, ...gone },
  },
  ignore: {
    method: 'POST',
    path: '/fuzzion/ignore',
    summary: 'Duplicate merge: ignore for now (proposed again at the next sign-in)',
    body: FuzzionPayload,
    responses: { 204: c.noBody(), 400: ErrorBody, ...gone },
  },
});
