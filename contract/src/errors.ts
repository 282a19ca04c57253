import { z } from 'zod';

/**
 * Every error body, on both APIs: a machine-readable `code` that the web app
 * maps to a translated message, and a human `message` for logs and integrators.
 */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /**
   * Which fields were wrong, for validation errors. `code`, when a rule has
   * one (a password rule: `password_length`, ...), lets a client tell the
   * rules apart without reading the message.
   */
  issues: z
    .array(z.object({ path: z.string(), message: z.string(), code: z.string().optional() }))
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * Why a code was refused, for a client that shows its own words (onboarding)
 * rather than the message: wrong, or right but too old; or a new password
 * refused because it appears in known data breaches, or because it is the
 * current one (`password_unchanged`), or a password change refused because
 * the current password given is wrong (`password_incorrect`): two refusals a
 * client must never confuse.
 */
export const MessageCode = z.enum([
  'code_invalid',
  'code_expired',
  'password_breached',
  'password_unchanged',
  'password_incorrect',
]);
export type MessageCode = z.infer<typeof MessageCode>;

/**
 * The spec's 422 answers: a message that is shown as it is, and (for a code
 * check) what the refusal means, so that nobody has to read the message.
 */
export const MessageBody = z.object({ message: z.string(), code: MessageCode.optional() });
export type MessageBody = z.infer<typeof MessageBody>;

/**
 * The answers the gateway itself may give to any portal call, before or
 * instead of the upstream: 400 `validation` (a field is wrong), 401
 * `unauthenticated` (and `request_too_long` when the account service refuses
 * a request's length), 403 `csrf` / `weak_password` (a session signed in with
 * a weak password may only read the user, replace the password and sign out
 * until it is replaced) / `mfa_setup_required` (an account that must set up a
 * second factor may only do that, and the journeys, first), 404 `not_found`, 429 `rate_limited` (with
 * Retry-After), 502 `upstream_unavailable` / `upstream_contract`, 503
 * `maintenance` / `session_store_unavailable` / `upstream_busy` (the
 * account API has as many calls in flight as the gateway allows; with
 * Retry-After), 504 `upstream_timeout`; and on
 * the sign-in, 400 `captcha` and 502 `captcha_unavailable`. Declared
 * once on the portal router (`commonResponses`), so every route's types carry
 * them; a route's own declaration of a status wins.
 */
export const gatewayErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
  504: ErrorBody,
} as const;

/** The `code` of the gateway's own error answers. */
export const GatewayErrorCode = z.enum([
  'validation',
  'bad_request',
  'payload_too_large',
  'request_too_long',
  'unsupported_media_type',
  'unauthenticated',
  'csrf',
  'invalid_device_id',
  'weak_password',
  'mfa_setup_required',
  'captcha',
  'captcha_unavailable',
  'session_store_unavailable',
  'not_found',
  'rate_limited',
  'upstream_unavailable',
  'upstream_contract',
  'maintenance',
  'upstream_timeout',
  'upstream_busy',
  'misdirected',
]);
export type GatewayErrorCode = z.infer<typeof GatewayErrorCode>;
