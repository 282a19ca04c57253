/** Errors as values with a kind; the error handler maps them to HTTP in one place. */
export type GatewayErrorKind =
  | 'upstream_contract'
  | 'upstream_unavailable'
  | 'upstream_timeout'
  | 'upstream_busy'
  | 'unauthenticated'
  | 'csrf'
  | 'invalid_device_id'
  | 'maintenance'
  | 'rate_limited'
  | 'not_found'
  | 'misdirected'
  | 'weak_password'
  | 'request_too_long'
  | 'captcha'
  | 'captcha_unavailable';

const STATUS: Record<GatewayErrorKind, number> = {
  upstream_contract: 502,
  upstream_unavailable: 502,
  upstream_timeout: 504,
  upstream_busy: 503,
  unauthenticated: 401,
  csrf: 403,
  invalid_device_id: 400,
  maintenance: 503,
  rate_limited: 429,
  not_found: 404,
  misdirected: 421,
  weak_password: 403,
  request_too_long: 400,
  captcha: 400,
  captcha_unavailable: 502,
};

const MESSAGE: Record<GatewayErrorKind, string> = {
  upstream_contract: 'The account service answered something unexpected.',
  upstream_unavailable: 'The account service is unavailable.',
  upstream_timeout: 'The account service did not answer in time.',
  upstream_busy: 'The account service is busy. Please try again in a moment.',
  unauthenticated: 'Sign in first.',
  csrf: 'This request was refused: it did not come from the portal itself.',
  invalid_device_id: 'X-Device-ID must be a UUID.',
  maintenance: 'Login is unavailable for maintenance. Please try again later.',
  rate_limited: 'Too many attempts. Please try again later.',
  not_found: 'Not found.',
  misdirected: 'This address is not served by the account portal.',
  weak_password: 'Your password is too weak. Please choose a new one first.',
  request_too_long: 'This request is too long. Shorten its address or fields and try again.',
  captcha: 'Please complete the security check.',
  captcha_unavailable: 'The security check could not be verified. Please try again later.',
};

/** What a shed account-API call's answer (503 `upstream_busy`) asks the client to wait: `Retry-After`, seconds. */
export const BUSY_RETRY_AFTER_S = 2;

export class GatewayError extends Error {
  readonly status: number;
  constructor(
    readonly kind: GatewayErrorKind,
    message?: string,
    /** What the log line says about it (never sent to the browser). */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message ?? MESSAGE[kind]);
    this.status = STATUS[kind];
  }
  body() {
    return { code: this.kind, message: this.message };
  }
}
