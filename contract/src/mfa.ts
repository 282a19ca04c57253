import { z } from 'zod';
import { c } from './c';
import { ErrorBody, MessageBody } from './errors';
import { Email, MfaCode, Phone, RecoveryKey } from './fields';
import { rateLimited } from './rate-limits';

export const MfaKind = z.enum(['email', 'sms', 'totp', 'totpRecovery', 'card']);
export type MfaKind = z.infer<typeof MfaKind>;

/**
 * docs/product.md part 3, MFA method: a positive id is set up; a negative one is addressed
 * by `target` (a verified contact of the user that is not an MFA method yet).
 */
export const MfaMethod = z.object({
  id: z.number().int(),
  method: MfaKind,
  /**
   * Address or number the code goes to (e-mail and SMS): masked in sign-in
   * challenges (`maskContact` of `./mask`: `e•••e@example.be`, `+352 6•••01`),
   * in full in the signed-in user's own list.
   */
  target: z.string().nullable(),
  primary: z.boolean(),
  card_number: z.string().optional(),
});
export type MfaMethod = z.infer<typeof MfaMethod>;

/** What a 401 from a sign-in carries: the payload to continue with and the methods offered. */
export const MfaChallenge = z.object({
  payload: z.string(),
  methods: z.array(MfaMethod),
});

/** The kinds a user can set up themselves (docs/product.md part 2, MFA setup). */
export const SetupKind = z.enum(['email', 'sms', 'totp']);
export type SetupKind = z.infer<typeof SetupKind>;

/**
 * `POST /mfa`: set up a method. E-mail and SMS default to the user's primary
 * e-mail or phone when `target` is absent. `reset: true` replaces an existing
 * authenticator app (the TOTP recovery screen's "reset"): the old one stays
 * until the new one is confirmed.
 */
export const SetupRequest = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), target: Email.optional() }),
  z.object({ method: z.literal('sms'), target: Phone.optional() }),
  z.object({ method: z.literal('totp'), reset: z.boolean().optional() }),
]);
export type SetupRequest = z.infer<typeof SetupRequest>;

/**
 * The method waiting for its confirmation code. E-mail/SMS: an 8-digit code was
 * sent to `target`. Authenticator app: `otpauth_uri` (for the QR code) and
 * `secret` (to type in), then confirm a 6-digit code with `POST /mfa/activate`.
 */
export const SetupStarted = z.object({
  id: z.number().int().positive(),
  payload: z.string(),
  method: SetupKind,
  target: z.string().nullable(),
  otpauth_uri: z.string().startsWith('otpauth://totp/').optional(),
  secret: z
    .string()
    .regex(/^[A-Z2-7]+=*$/)
    .optional(),
});
export type SetupStarted = z.infer<typeof SetupStarted>;

/** Query flags the spec writes as bare names (`?includeAll`): present means on, unless 0/false. */
const Flag = z.enum(['', '1', 'true', '0', 'false']).optional();
export function flagOn(value: z.infer<typeof Flag>): boolean {
  return value !== undefined && value !== '0' && value !== 'false';
}

const MethodId = z.object({ id: z.coerce.number().int() });

/** docs/product.md part 3, Activate: the confirmation is pending under `payload`. */
export const ActivateAnswer = z.object({
  payload: z.string(),
  /** True when confirming leads to a duplicate-account merge (never for setup). */
  fuzzion: z.boolean(),
  data: z.object({ method: SetupKind, target: z.string().nullable() }),
});
export type ActivateAnswer = z.infer<typeof ActivateAnswer>;

export const ActivateRequest = z.object({ payload: z.string().min(1), code: MfaCode });

/** Recovery keys are shown once: right after they are made, never again. */
export const RecoveryKeys = z.array(RecoveryKey).length(10);

export const Activated = z.object({
  method: MfaMethod,
  /** Present when an authenticator app was confirmed: its 10 new recovery keys. */
  recovery_keys: RecoveryKeys.optional(),
});
export type Activated = z.infer<typeof Activated>;

/**
 * 403 `{code: 'sudo_required'}`: the change needs a recent MFA check (spec part
 * 4, sensitive routes); get one with the step-up (`GET/POST /mfa/sudo`).
 * Not asked of a user who has no method at all (forced MFA setup).
 */
const sensitive = { 401: ErrorBody, 403: ErrorBody };

// Routes of this domain. Account API first, then the portal API built from it.
export const mfaAccount = c.router({
  listMethods: {
    method: 'GET',
    path: '/mfa',
    summary:
      "The user's MFA methods, primary first; with includeAll also the verified contacts that could become one (negative ids)",
    query: z.object({ includeAll: Flag }),
    responses: { 200: z.array(MfaMethod), 401: ErrorBody },
  },
  setupMethod: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/mfa',
    summary:
      'Set up an MFA method: sends an 8-digit code (e-mail, SMS) or returns the authenticator secret and otpauth URI',
    body: SetupRequest,
    responses: {
      200: SetupStarted,
      400: ErrorBody,
      ...sensitive,
      /**
       * `email-duplicated`, `sms-duplicated` (already a method of this account; a target
       * another account holds is answered as a free one, its owner told), `totp_exists`.
       */
      409: ErrorBody,
      422: MessageBody,
    },
  },
  startActivation: {
    method: 'GET',
    metadata: rateLimited('codes'),
    path: '/mfa/:id/activate',
    summary:
      'Send (again) the code confirming a method; a negative id sets up the contact `target`; `edit` re-targets an active method. 204: nothing to confirm',
    pathParams: MethodId,
    query: z.object({ target: z.string().max(254).optional(), edit: Flag }),
    responses: {
      200: ActivateAnswer,
      204: c.noBody(),
      400: ErrorBody,
      ...sensitive,
      404: ErrorBody,
      409: ErrorBody,
      422: MessageBody,
    },
  },
  activate: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/mfa/activate',
    summary: 'Confirm a method with its code; an authenticator app gets its 10 recovery keys',
    body: ActivateRequest,
    responses: { 200: Activated, 400: ErrorBody, 401: ErrorBody, 422: MessageBody },
  },
  switchPrimary: {
    method: 'POST',
    path: '/mfa/switch-primary/:id',
    summary: 'Make this method the primary one',
    pathParams: MethodId,
    body: c.noBody(),
    responses: { 200: z.array(MfaMethod), 400: ErrorBody, ...sensitive, 404: ErrorBody },
  },
  deleteMethod: {
    method: 'DELETE',
    path: '/mfa/:id',
    summary:
      'Remove a method (a negative id is resolved by `target`); the backup becomes primary. 409 for the last e-mail or SMS method',
    pathParams: MethodId,
    query: z.object({ target: z.string().max(254).optional() }),
    body: c.noBody(),
    responses: {
      200: z.array(MfaMethod),
      400: ErrorBody,
      ...sensitive,
      404: ErrorBody,
      409: ErrorBody,
    },
  },
  regenerateRecovery: {
    method: 'POST',
    path: '/mfa/regenerate-recovery',
    summary: '10 new recovery keys, shown once; the old ones stop working',
    body: c.noBody(),
    responses: {
      200: z.object({ recovery_keys: RecoveryKeys }),
      ...sensitive,
      /** `totp_required`: recovery keys belong to an authenticator app. */
      409: ErrorBody,
    },
  },
});

/**
 * The same calls under /api: nothing here carries a token. The gateway clears
 * the session cookie when the upstream answers 401 to the list (docs/product.md part 7).
 */
export const mfaPortal = c.router({
  ...mfaAccount,
  pendingSetup: {
    method: 'GET',
    path: '/mfa/setup/pending',
    summary:
      "The e-mail or SMS method set up in this browser that waits for its code, kept in the setup's flow on the gateway (a reload of the confirmation keeps it; the browser stores none of it); 410 `flow_gone` when there is none",
    responses: { 200: SetupStarted, 410: ErrorBody },
  },
});
