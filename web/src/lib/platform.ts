export type Platform = 'employee' | 'client' | 'default';

/**
 * The target platform of a sign-in, from its redirect_uri (spec part 2):
 * `:8003` or `my.` is the employee area, `:8004` or `client.` the client area.
 */
export function platformOf(redirectUri: string | null | undefined): Platform {
  if (!redirectUri) return 'default';
  let host: string;
  try {
    host = new URL(redirectUri).host;
  } catch {
    return 'default';
  }
  if (host.endsWith(':8003') || host.startsWith('my.')) return 'employee';
  if (host.endsWith(':8004') || host.startsWith('client.')) return 'client';
  return 'default';
}
