import type { GatewayErrorCode, INVALID_CONFIGURATION_CODES, MessageCode } from '@portal/contract';
import type { PasswordFailureCode } from '@portal/contract/rules';
import type { ParseKeys, TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one place an error answer of a portal call becomes something a screen
 * can act on and show (docs/product.md part 8): a kind to branch on, the body's code
 * when the app knows it, the wrong fields, and the translated message.
 * Screens never compare statuses or read message texts themselves.
 */

/** A text key of the app's translations (`common.errors.generic`). */
export type TextKey = ParseKeys;

export type ErrorKind =
  /** 400 (413, 415): the request or one of its fields is wrong; see `fields`. */
  | 'invalid'
  /** 401: no session (or it ended). */
  | 'unauthenticated'
  /** 403 `sudo_required`: a recent MFA check is needed, then the same call again. */
  | 'sudoRequired'
  /** Any other 403 (`csrf`, `weak_password`, `captcha`, ...). */
  | 'forbidden'
  /** 404: the route, the flow or the item is gone. */
  | 'notFound'
  /** 409: the account's state does not allow it (duplicate, wrong step, ...). */
  | 'conflict'
  /** 410: a spent check or payload. */
  | 'gone'
  /** 422: refused with a message meant for the user (docs/product.md part 8). */
  | 'rejected'
  /** 429: too many attempts; `retryAfter` says for how long, when known. */
  | 'rateLimited'
  /** 503 `maintenance` (or a 503 with no code): the maintenance screen. */
  | 'maintenance'
  /** 5xx: the gateway or the account service failed. */
  | 'unavailable'
  /** No answer at all (network), or one the app cannot read. */
  | 'unknown';

/** The upstream's codes that the app reads (the gateway passes them on). */
export type UpstreamErrorCode =
  | 'sudo_required'
  /** 429: the account's second factor is paused after too many wrong codes (contract `MfaPaused`). */
  | 'mfa_paused'
  | 'email-duplicated'
  | 'phone-duplicated'
  | 'sms-duplicated'
  | 'card_taken'
  | 'code_used'
  | 'no_current_email'
  | 'wrong_step'
  | 'account_already_linked'
  | 'identity_already_linked'
  | 'invalid_payload'
  /** Too many wrong codes for a method being set up: a new code is needed. */
  | 'code_spent'
  /** A journey step's refusals at their field (the forced MFA setup's code and number). */
  | 'invalid_code'
  | 'invalid_phone'
  /** 429: the day's copies of the account's data are made (gateway/src/routes/your-data.ts). */
  | 'export_limit'
  /** A partner's client or redirect_uri the portal does not know (docs/product.md part 8). */
  | (typeof INVALID_CONFIGURATION_CODES)[number];

export type ErrorCode = GatewayErrorCode | UpstreamErrorCode | MessageCode;

/**
 * What a code of the gateway says on any screen, when it means more than its
 * kind (a refused CSRF check, the captcha); any other code: its kind decides.
 * The upstream's codes have no words here: they mean something to the screen
 * that made the call, which gives its own (`ErrorTexts`).
 */
const CODE_TEXT: Partial<Record<ErrorCode, TextKey>> = {
  csrf: 'common.errors.reload',
  invalid_device_id: 'common.errors.reload',
  weak_password: 'common.errors.weakPassword',
  mfa_setup_required: 'common.errors.mfaSetupRequired',
  request_too_long: 'common.errors.tooLong',
  captcha: 'signin.captcha.required',
  captcha_unavailable: 'signin.captcha.errors.verify',
  misdirected: 'common.errors.generic',
  password_breached: 'forms.password.errors.breached',
  password_unchanged: 'forms.password.errors.unchanged',
};

/** Every code the app reads (any other stays out of `PortalError.code`). */
const KNOWN_CODES: Record<ErrorCode, true> = {
  validation: true,
  bad_request: true,
  payload_too_large: true,
  unsupported_media_type: true,
  unauthenticated: true,
  csrf: true,
  invalid_device_id: true,
  weak_password: true,
  mfa_setup_required: true,
  request_too_long: true,
  captcha: true,
  captcha_unavailable: true,
  session_store_unavailable: true,
  not_found: true,
  rate_limited: true,
  upstream_unavailable: true,
  upstream_contract: true,
  maintenance: true,
  upstream_timeout: true,
  upstream_busy: true,
  misdirected: true,
  sudo_required: true,
  mfa_paused: true,
  'email-duplicated': true,
  'phone-duplicated': true,
  'sms-duplicated': true,
  card_taken: true,
  code_used: true,
  no_current_email: true,
  wrong_step: true,
  account_already_linked: true,
  identity_already_linked: true,
  invalid_payload: true,
  code_spent: true,
  invalid_code: true,
  invalid_phone: true,
  export_limit: true,
  invalid_client: true,
  invalid_redirect_uri: true,
  code_invalid: true,
  code_expired: true,
  password_breached: true,
  password_unchanged: true,
  password_incorrect: true,
};

const GENERIC: TextKey = 'common.errors.generic';

/** What a kind says when neither the screen nor the code says more. */
const KIND_TEXT: Record<ErrorKind, TextKey> = {
  invalid: 'common.errors.invalid',
  unauthenticated: 'common.errors.unauthenticated',
  sudoRequired: 'common.errors.sudoRequired',
  forbidden: 'common.errors.forbidden',
  notFound: 'common.errors.notFound',
  conflict: GENERIC,
  gone: 'common.errors.expired',
  rejected: GENERIC,
  rateLimited: 'signin.login.errors.tooMany',
  maintenance: 'common.errors.maintenance',
  unavailable: GENERIC,
  unknown: GENERIC,
};

/** The words of a field issue's code (a password rule). */
const ISSUE_TEXT = {
  password_required: 'forms.password.errors.required',
  password_length: 'forms.password.errors.length',
  password_letters: 'forms.password.errors.letters',
  password_numbers: 'forms.password.errors.numbers',
  password_special: 'forms.password.errors.special',
} as const satisfies Record<PasswordFailureCode, TextKey>;
export type IssueKey = (typeof ISSUE_TEXT)[PasswordFailureCode];

const STATUS_KIND: Readonly<Record<number, ErrorKind>> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  410: 'gone',
  413: 'invalid',
  415: 'invalid',
  422: 'rejected',
  429: 'rateLimited',
};

/** A text key, with the number it is pluralised by; or the server's own text (a 422). */
export type ErrorMessage = { key: TextKey; count?: number } | { text: string };

/** One wrong field: the server's words, its rule's code, and our words for it when we have them. */
export interface FieldIssue {
  message: string;
  code: string | null;
  key: IssueKey | null;
}

export interface PortalError {
  kind: ErrorKind;
  /** The HTTP status, or null when no answer came. */
  status: number | null;
  /** The body's `code` when the app knows it. */
  code: ErrorCode | null;
  message: ErrorMessage;
  /** The wrong fields by name (`body.username` → `username`), the first issue of each. */
  fields: Readonly<Record<string, FieldIssue>>;
  /** Seconds to wait (429 `Retry-After`), when the answer says. */
  retryAfter: number | null;
}

/**
 * A screen's own words for some kinds or codes (docs/product.md part 8: "Login 400:
 * Invalid username/password."); `fallback` replaces the generic message.
 * A code says more than a kind: the screen's words for the code, then the
 * app's, then the screen's words for the kind, then the app's.
 */
export type ErrorTexts = Partial<Record<ErrorKind | ErrorCode | 'fallback', TextKey>>;

interface Answer {
  status: number;
  body?: unknown;
  headers?: { get(name: string): string | null };
}

const isAnswer = (value: unknown): value is Answer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { status?: unknown }).status === 'number';

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(KNOWN_CODES, value);
const isIssueCode = (value: string): value is PasswordFailureCode => value in ISSUE_TEXT;

function kindOf(status: number, code: string | undefined): ErrorKind {
  if (status === 403 && code === 'sudo_required') return 'sudoRequired';
  // The gateway says 503 only for maintenance; a 503 naming another code is an outage.
  if (status === 503)
    return code === undefined || code === 'maintenance' ? 'maintenance' : 'unavailable';
  if (status >= 500) return 'unavailable';
  return STATUS_KIND[status] ?? 'unknown';
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date. */
function retryAfterOf(answer: Answer): number | null {
  const value = answer.headers?.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function fieldsOf(body: Body | null): Record<string, FieldIssue> {
  const fields: Record<string, FieldIssue> = {};
  for (const issue of body?.issues ?? []) {
    if (typeof issue?.path !== 'string') continue;
    // `body.username` → `username`; a whole part (`body`) keeps its name.
    const [part, ...rest] = issue.path.split('.');
    const field = rest.join('.') || part || '';
    if (field in fields) continue;
    const code = typeof issue.code === 'string' ? issue.code : null;
    fields[field] = {
      message: String(issue.message ?? ''),
      code,
      key: code && isIssueCode(code) ? ISSUE_TEXT[code] : null,
    };
  }
  return fields;
}

function waitMessage(seconds: number): ErrorMessage {
  if (seconds < 60) return { key: 'common.errors.tooManySeconds', count: Math.max(1, seconds) };
  return { key: 'common.errors.tooManyMinutes', count: Math.ceil(seconds / 60) };
}

/** A non-negative number field of an error body, else null. */
function numberOf(body: Body | null, field: string): number | null {
  const value = (body as Record<string, unknown> | null)?.[field];
  return typeof value === 'number' && value >= 0 ? value : null;
}

interface Body {
  code?: unknown;
  message?: unknown;
  issues?: { path?: unknown; message?: unknown; code?: unknown }[];
}

/**
 * What an error answer (`{status, body, headers}` of any portal call, or what
 * a query threw) means. `texts` gives the screen's own words where the spec
 * has them; otherwise the code's, then the kind's.
 */
export function errorOf(answer: unknown, texts: ErrorTexts = {}): PortalError {
  if (!isAnswer(answer)) {
    return {
      kind: 'unknown',
      status: null,
      code: null,
      message: { key: texts.unknown ?? texts.fallback ?? GENERIC },
      fields: {},
      retryAfter: null,
    };
  }
  const body =
    typeof answer.body === 'object' && answer.body !== null ? (answer.body as Body) : null;
  const rawCode = typeof body?.code === 'string' ? body.code : undefined;
  const code = isErrorCode(rawCode) ? rawCode : null;
  const kind = kindOf(answer.status, rawCode);
  const retryAfter = kind === 'rateLimited' ? retryAfterOf(answer) : null;
  const serverText = typeof body?.message === 'string' && body.message ? body.message : null;

  const fields = fieldsOf(body);
  // A field issue with our words (a password rule) says more than "invalid".
  const issueKey = Object.values(fields).find((issue) => issue.key)?.key ?? null;
  const codeText = (code && (texts[code] ?? CODE_TEXT[code])) || null;
  const chosen = codeText || texts[kind] || issueKey || null;
  let message: ErrorMessage;
  const pausedFor = code === 'mfa_paused' ? (retryAfter ?? numberOf(body, 'retry_after')) : null;
  // A paused second factor: how long, on every screen that checks a code.
  if (pausedFor !== null) message = { key: 'mfa.code.paused', count: Math.ceil(pausedFor / 60) };
  // A known wait says more than any "try again later" (the screen's kind text included).
  else if (!codeText && kind === 'rateLimited' && retryAfter !== null)
    message = waitMessage(retryAfter);
  else if (chosen && chosen !== GENERIC) message = { key: chosen };
  else if (!chosen && kind === 'rejected' && serverText) message = { text: serverText };
  else {
    const key = chosen ?? KIND_TEXT[kind];
    message = { key: key === GENERIC ? (texts.fallback ?? GENERIC) : key };
  }
  return { kind, status: answer.status, code, message, fields, retryAfter };
}

/** The message of an error in the current language. */
export function errorText(t: TFunction, error: PortalError): string {
  const { message } = error;
  if ('text' in message) return message.text;
  return message.count === undefined
    ? t(message.key as 'common.errors.generic')
    : t(message.key as 'common.errors.tooManySeconds', { count: message.count });
}

/** For screens: the message of an answer (or of what was thrown), in one call. */
export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (answer: unknown, texts?: ErrorTexts) => errorText(t, errorOf(answer, texts)),
    [t],
  );
}

/** The answer says the change needs a recent MFA check (step-up, then the same call). */
export const isSudoRequired = (answer: unknown) => errorOf(answer).kind === 'sudoRequired';
