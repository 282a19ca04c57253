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

/** The URL as it may be logged: secret query values replaced. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of params.keys()) {
    if (SECRET_QUERY_PARAMS.has(key.toLowerCase())) params.set(key, '[redacted]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}
