/**
 * Query parameters whose values are secrets or one-time proofs (a code, a
 * token, an MFA payload, an identity-provider state): never written to a log
 * line, by the gateway or by an account API. One list for both sides.
 */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'access_token',
  'code',
  'code_verifier',
  'password',
  'payload',
  'refresh_token',
  'token',
  'hash',
  'client_secret',
  'state',
]);

/**
 * Query parameters whose values name or lead to a person: an e-mail address
 * or phone number typed as a login or prefilled by a partner (`login`,
 * `login_hint`), where the browser goes next (`target`, `redirect_uri`,
 * which can carry either), and the contact fields themselves. Personal data:
 * a log line keeps the parameter's name, not its value.
 */
export const PERSONAL_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'login',
  'login_hint',
  'username',
  'email',
  'phone',
  'to',
  'target',
  'redirect_uri',
  'return_to',
  'next',
]);

/** An e-mail address anywhere in a text (its `@` written as is or percent-encoded). */
const EMAIL = /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;
/** A phone number: at least 8 digits, with the separators people type. */
const PHONE = /^\+?[\d\s()./-]*(?:\d[\s()./-]*){8,}$/;

const REDACTED = '[redacted]';

/** Whether a query value, whatever its parameter's name, is an e-mail address or a phone number. */
function personal(value: string): boolean {
  EMAIL.lastIndex = 0;
  return EMAIL.test(value) || PHONE.test(value.trim());
}

/**
 * The URL as it may be logged: the values of secret and personal parameters
 * replaced (`login=%5Bredacted%5D`), and so is any other value that is an
 * e-mail address or a phone number; an e-mail address in the path too.
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const loggablePath =
    path.includes('@') || path.includes('%40') ? path.replace(EMAIL, REDACTED) : path;
  if (q < 0) return loggablePath;
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    const name = key.toLowerCase();
    const hidden =
      SECRET_QUERY_PARAMS.has(name) || PERSONAL_QUERY_PARAMS.has(name) || personal(value);
    params.append(key, hidden ? REDACTED : value);
  }
  return `${loggablePath}?${params.toString()}`;
}

/**
 * The last line of defence for a whole log line: every e-mail address in it
 * replaced, whatever field carries it (an error message quoting a body, a
 * header a library logged). Cheap on the lines that have no `@` at all.
 */
export function withoutEmailAddresses(line: string): string {
  if (!line.includes('@') && !line.includes('%40')) return line;
  return line.replace(EMAIL, REDACTED);
}
