import { z } from 'zod';
import { c } from './c';
import { ErrorBody, MessageBody } from './errors';
import { CardNumber, LoginPassword, MfaCode, Username } from './fields';
import { AuthorizationCodeGrant, CodeTokenAnswer, OAuthErrorBody } from './grants';
import { MfaChallenge, MfaKind } from './mfa';
import { rateLimited } from './rate-limits';

/**
 * Sign-in, MFA at sign-in, step-up (sudo) and login by token. The MFA
 * management calls (setup, activate, delete, switch, recovery keys) live in
 * `mfa.ts`; this file owns `GET/POST /mfa/sudo` and `GET /mfa/status`.
 */

export const PasswordGrant = z.object({
  grant_type: z.literal('password'),
  /** An e-mail address or a phone number (E.164 or as typed in the variant's country). */
  username: Username,
  password: LoginPassword,
});
export type PasswordGrant = z.infer<typeof PasswordGrant>;

/** `POST /token` takes the password grant (portal sign-in) or a partner's code exchange. */
export const TokenGrant = z.discriminatedUnion('grant_type', [
  PasswordGrant,
  AuthorizationCodeGrant,
]);

/** docs/product.md part 7, Token: the upstream's answer to a successful sign-in. */
export const TokenAnswer = z.object({
  access_token: z.string().min(20),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  /**
   * 1 or 2: the password is weak; the user must choose a new one (docs/product.md part 4).
   * Every answer that starts a session carries it, whatever the door.
   */
  password_status: z.number().int(),
});
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** 401 from the token endpoint: MFA is needed (not an error, docs/product.md part 8). */
export const MfaNeeded = z.object({ mfa: MfaChallenge });
export type MfaNeeded = z.infer<typeof MfaNeeded>;

/**
 * A refused password grant (400): the error, and when the pause is near (at
 * most `LOGIN_WARN_BELOW` tries left) how many tries remain before it. Counted
 * per login as typed, known or not, so the answer tells nothing about whether
 * an account exists.
 */
export const SignInRefused = ErrorBody.extend({
  attempts_left: z.number().int().min(1).optional(),
});
export type SignInRefused = z.infer<typeof SignInRefused>;

/** From this many tries left, a refused sign-in says how many remain. */
export const LOGIN_WARN_BELOW = 3;

/** Retry-After (seconds) on a 429 of a locked account: 5 failed sign-ins in 15 minutes lock it for 15. */
export const LOGIN_LOCK = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/**
 * Wrong second factors are counted per account, across every challenge (sign-in
 * and step-up): the tenth within 15 minutes pauses the account's second factor
 * for 15 minutes (429 `mfa_paused`), e-mails the owner and records `mfa_paused`.
 */
export const MFA_PAUSE = { maxFailures: 10, windowMs: 15 * 60_000, pauseMs: 15 * 60_000 } as const;

/** 429 of the second-factor calls while the account's second factor is paused. */
export const MfaPaused = ErrorBody.extend({
  code: z.literal('mfa_paused'),
  /** Seconds until codes are checked again (also in Retry-After). */
  retry_after: z.number().int().positive(),
});
export type MfaPaused = z.infer<typeof MfaPaused>;

/**
 * `GET /mfa/sudo` query. `payload` continues a sign-in (the 401's payload) or an
 * earlier step-up: asking again re-sends a code (resend) or switches method.
 * Without `payload`, a bearer token makes it a step-up of the signed-in user
 * (`single=1`, spec: mfa-methods `single=true`). `mfaId` picks the method; the
 * primary one when absent.
 */
export const SudoQuery = z.object({
  single: z.enum(['0', '1']).optional(),
  mfaId: z.coerce.number().int().positive().optional(),
  payload: z.string().min(1).max(200).optional(),
});

/** docs/product.md part 3, Sudo: the payload to confirm with, and the method the code goes by. */
export const SudoStarted = z.object({
  payload: z.string(),
  method: MfaKind,
  /** Masked e-mail or phone the code was sent to (e-mail and SMS, card: the SMS target). */
  target: z.string().nullable(),
});

/**
 * `POST /mfa/sudo`. `code`: 8 digits (e-mail, SMS, card), 6 digits (authenticator
 * app) or a recovery key (totpRecovery). The card method (`need_card`) also
 * takes the `card_number` of the account's card. `isTrustedDevice` (sign-in
 * only) skips MFA for this X-Device-ID for 30 days.
 */
export const SudoConfirm = z.object({
  payload: z.string().min(1).max(200),
  code: MfaCode,
  isTrustedDevice: z.boolean().optional(),
  card_number: CardNumber.optional(),
});

/** Present when confirming MFA found a duplicate account: the payload of `POST /fuzzion`. */
export const FuzzionStart = z.object({ payload: z.string() });

/**
 * A sign-in completed by MFA. It always carries a token: the user proved the
 * password and the second factor, so they are signed in even when `fuzzion`
 * asks them to settle a duplicate account next (docs/product.md part 4, duplicate merge).
 */
export const SudoSignedIn = TokenAnswer.extend({
  password_status: z.number().int(),
  /** After a recovery-key sign-in: how many unused keys are left. */
  recovery_keys_left: z.number().int().nonnegative().optional(),
  fuzzion: FuzzionStart.optional(),
});

/** A step-up of the signed-in user: sudo holds for 15 minutes (`GET /mfa/status`). */
export const SudoGranted = z.object({
  sudo: z.literal(true),
  recovery_keys_left: z.number().int().nonnegative().optional(),
});

/** docs/product.md part 3, Mfa status. */
export const MfaStatus = z.object({
  /** The step-up asks for the card: card number plus a code (the card method is primary). */
  need_card: z.boolean(),
  /** The account has a single usable method: the screen skips the method choice. */
  single: z.boolean(),
  /** A recent MFA check holds (15 minutes after a step-up or an MFA sign-in). */
  sudo: z.boolean(),
});

/** Hash login: the values a first-party app puts in the portal's address hash. */
export const HashLogin = z.object({
  token: z.string().min(20).max(200),
  /** The hash's `origin-app`: which app handed the user over (kept in the history). */
  'origin-app': z.string().max(64).optional(),
});

/** An account as a person recognises it: first name and masked e-mail (no identifier). */
export const AccountLabel = z.object({ firstname: z.string(), login: z.string() });
export type AccountLabel = z.infer<typeof AccountLabel>;

/**
 * Whose a hand-over token is, without using it up: the portal asks before a
 * signed-in browser is switched to another account by a link (login CSRF).
 * `current`: the bearer's account, when a bearer is sent.
 */
export const HashTokenOwner = z.object({
  incoming: AccountLabel,
  current: AccountLabel.nullable(),
  same_account: z.boolean(),
});
export type HashTokenOwner = z.infer<typeof HashTokenOwner>;

/**
 * The portal's hash login: `confirmed` says the visitor answered the question
 * naming the incoming account ("Continue as …"); without it nothing changes.
 */
export const PortalHashLogin = HashLogin.extend({
  confirmed: z.boolean().optional(),
  /** The page the link was opened on: where the sign-in ends (checked by the gateway). */
  target: z.string().max(2000).optional(),
});

/**
 * 409 of the portal's hash login: the visitor is asked before any session
 * changes, signed in or not (login CSRF: a link never signs a browser in
 * silently). `incoming` is the link's account, `current` the one signed in
 * now (null when signed out).
 */
export const HandOverQuestion = ErrorBody.extend({
  code: z.literal('confirm_account'),
  current: AccountLabel.nullable(),
  incoming: AccountLabel,
});
export type HandOverQuestion = z.infer<typeof HandOverQuestion>;

export const HandoverToken = z.object({
  token: z.string(),
  expires_in: z.number().int().positive(),
});

/**
 * A hand-over's session names the client whose token minted the hash token
 * (null: a portal session), so that the portal checks it is first-party itself.
 */
export const HashSignedIn = TokenAnswer.extend({ client_id: z.number().int().nullable() });

const unauthenticated = ErrorBody;

export const authAccount = c.router({
  createToken: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/token',
    summary:
      'Sign in with a password (401 carries the MFA challenge; 429 with Retry-After when locked), or exchange a partner authorization code (form-encoded, PKCE)',
    body: TokenGrant,
    responses: {
      // The code answer first: it needs `scope`, which a password answer lacks.
      200: z.union([CodeTokenAnswer, TokenAnswer]),
      // OAuth clients read RFC 6749's `error` field: keep it when the grant carries one.
      400: z.union([OAuthErrorBody, SignInRefused]),
      401: z.union([MfaNeeded, OAuthErrorBody, ErrorBody]),
      429: ErrorBody,
    },
  },
  deleteToken: {
    method: 'DELETE',
    path: '/token',
    summary: 'Sign out: revoke the bearer token of this request',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody },
  },
  mfaStatus: {
    method: 'GET',
    path: '/mfa/status',
    summary:
      'Whether a recent MFA check (sudo) holds, and how a step-up would go (need_card, single)',
    responses: { 200: MfaStatus, 401: unauthenticated },
  },
  startSudo: {
    method: 'GET',
    metadata: rateLimited('codes'),
    path: '/mfa/sudo',
    summary:
      'Start (or resend) an MFA code check: for a sign-in with its payload, or a step-up of the bearer; e-mail/SMS/card send an 8-digit code valid 10 minutes',
    query: SudoQuery,
    responses: {
      200: SudoStarted,
      400: ErrorBody,
      401: unauthenticated,
      404: ErrorBody,
      410: ErrorBody,
      // MfaPaused first: ErrorBody alone would strip its retry_after.
      429: z.union([MfaPaused, ErrorBody]),
    },
  },
  confirmSudo: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/mfa/sudo',
    summary:
      "Confirm the MFA code: a sign-in answers the token (and fuzzion when a duplicate account exists), a step-up answers sudo; 422 on a wrong code, 410 once the payload is spent. The X-Device-ID may differ from the sign-in's password step (the portal renews its device key there): the device stays known under the new id, its trust is only what this call grants",
    body: SudoConfirm,
    responses: {
      // The sign-in answer first: it needs access_token, which a step-up lacks.
      200: z.union([SudoSignedIn, SudoGranted]),
      400: ErrorBody,
      401: unauthenticated,
      410: ErrorBody,
      422: MessageBody,
      429: z.union([MfaPaused, ErrorBody]),
    },
  },
  createHandoverToken: {
    method: 'POST',
    path: '/token/handover',
    summary:
      'A first-party app (bearer) mints a one-time token, valid 5 minutes, to put in the portal address hash (#token=…&origin-app=…)',
    body: c.noBody(),
    // 403 `insufficient_scope`: only the portal's and first-party clients' tokens hand over.
    responses: { 201: HandoverToken, 401: unauthenticated, 403: ErrorBody },
  },
  renewToken: {
    method: 'POST',
    path: '/token/renew',
    summary:
      'A new token for the bearer\'s session (same session, device and sudo state); the old token stops working at once. The portal renews its token after a step-up and every credential change (docs/threat-model.md, "A session\'s life")',
    body: c.noBody(),
    responses: { 200: TokenAnswer, 401: unauthenticated },
  },
  loginByHash: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/token/hash',
    summary:
      'Login by token (docs/product.md part 4, token in address hash): exchange the one-time hash token for a session; no MFA, the handing app already had it',
    body: HashLogin,
    responses: { 200: HashSignedIn, 400: ErrorBody },
  },
  peekHashToken: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/token/hash/peek',
    summary:
      "Whose a hash token is (first name, masked e-mail), and whether it is the bearer's account, without using the token up",
    body: HashLogin.pick({ token: true }),
    responses: { 200: HashTokenOwner, 400: ErrorBody },
  },
});

export { isWeakPasswordStatus } from './rules';

/** What the browser learns from a sign-in: never the token itself. */
export const SignedIn = z.object({
  signed_in: z.literal(true),
  /** password_status 1 or 2: the user must choose a new password (docs/product.md part 4). */
  weak: z.boolean(),
});

/**
 * A door's session started (a passkey, a hand-over link, a workplace login, a
 * weak password replaced): the page the gateway decided comes next (spec part
 * 4, after sign-in: weak password, forced or offered second factor, the
 * target checked on the server, else the dashboard). The browser goes there.
 */
export const SignedInNext = SignedIn.extend({ next: z.string().startsWith('/') });

/**
 * The portal's own token calls. A sign-in and its second factor are the
 * sign-in flow's steps (`sign-in.ts`, `/api/sign-in/*`), a step-up the
 * step-up flow's (`step-up.ts`): the browser has no password-grant or
 * sudo door of its own (docs/flows.md).
 */
export const authPortal = c.router({
  deleteToken: {
    method: 'DELETE',
    path: '/token',
    summary: 'Sign out: revoke the upstream token and clear the cookie',
    body: c.noBody(),
    responses: { 204: c.noBody() },
  },
  mfaStatus: authAccount.mfaStatus,
  loginByHash: {
    ...authAccount.loginByHash,
    summary:
      'Login by the token of the address hash, in two steps: without `confirmed`, 409 `confirm_account` names the incoming account (and the current one) from a read of the token, no cookie set; with `confirmed`, the gateway sets the session cookie and answers signed_in. The same account as the session skips the question',
    body: PortalHashLogin,
    responses: { ...authAccount.loginByHash.responses, 200: SignedInNext, 409: HandOverQuestion },
  },
});
