/**
 * A post-login target is followed only when it is a path of this site:
 * never another origin, never a protocol-relative `//host` (no open redirect).
 */
export function safeInternalTarget(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return null;
  }
  try {
    const url = new URL(target, window.location.origin);
    return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}
