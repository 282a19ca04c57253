export type Platform = 'employee' | 'client' | 'administration' | 'default';

/**
 * The target platform of a sign-in, from its redirect_uri (docs/product.md part 2):
 * `:8003` or `my.` is the employee area, `:8004` or `client.` the client area,
 * `:8005` or `admin.` the administration (the spec names that title but not its
 * marker; the website access chooser lists it next to the other two).
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
  if (host.endsWith(':8005') || host.startsWith('admin.')) return 'administration';
  return 'default';
}
