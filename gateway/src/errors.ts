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
  | 'mfa_setup_required'
  | 'request_too_long'
  | 'captcha'
  | 'captcha_unavailable'
  | 'flow_gone'
  | 'export_limit'
  | 'invalid_token'
  | 'sso_state'
  | 'confirm_account';

const STATUS = {
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
  mfa_setup_required: 403,
  request_too_long: 400,
  captcha: 400,
  captcha_unavailable: 502,
  flow_gone: 410,
  export_limit: 429,
  invalid_token: 400,
  sso_state: 400,
  confirm_account: 409,
} as const satisfies Record<GatewayErrorKind, number>;

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
  mfa_setup_required: 'Set up two-step verification first.',
  request_too_long: 'This request is too long. Shorten its address or fields and try again.',
  captcha: 'Please complete the security check.',
  captcha_unavailable: 'The security check could not be verified. Please try again later.',
  flow_gone: 'Nothing is under way in this browser: it expired or is complete. Please start again.',
  export_limit: 'A copy of your data can be made only a few times a day. Try again tomorrow.',
  invalid_token: 'This sign-in link is invalid or has expired.',
  sso_state: 'This identity-provider login was not started in this browser. Please try again.',
  confirm_account: 'This link signs in to the account named: confirm first.',
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

/**
 * A refusal a route answers itself (the contract declares it), as the errors
 * plugin answers a thrown `GatewayError`: the kind's status, and its code with
 * the kind's message or the one the route words for its case.
 */
export function refusal<K extends GatewayErrorKind>(kind: K, message?: string) {
  return {
    status: STATUS[kind],
    body: { code: kind, message: message ?? MESSAGE[kind] },
  } as const;
}
