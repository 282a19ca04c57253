import { routeNameOf } from '../../lib/routes';
import { safeInternalTarget } from '../../lib/target';

/**
 * Where to go once the gateway's redirect check allowed `wanted`: a path of
 * this site stays a path (the router can show it), anything else is the
 * check's normalised URL.
 */
export const allowedTarget = (wanted: string, checked: string) =>
  safeInternalTarget(wanted) ?? checked;

/**
 * Leaves for an allowed target: a screen of this app by the router, anything
 * else (the gateway's `/authorize`, a first-party platform) by the browser.
 */
export function leaveTo(target: string, navigate: (to: string, o: { replace: boolean }) => void) {
  const url = new URL(target, window.location.origin);
  if (url.origin === window.location.origin && routeNameOf(url.pathname)) {
    navigate(url.pathname + url.search + url.hash, { replace: true });
  } else {
    window.location.replace(url.href);
  }
}
