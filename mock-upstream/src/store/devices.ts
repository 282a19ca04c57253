import Bowser from 'bowser';
import type { SessionInfo, Store, TokenRow } from '../store';
import { nextId } from './ids';

/** Where a request comes from (device, place) and the security history that records it. */

/**
 * Device name, browser and OS read from a user agent by Bowser. The device
 * is its model when the agent names one (iPhone, iPad), else the kind of
 * device on its system ("Linux computer", "Android phone").
 */
export function describeDevice(ua: string | null): Pick<TokenRow, 'deviceName' | 'browser' | 'os'> {
  if (!ua) return { deviceName: null, browser: null, os: null };
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name || null;
  const os = parsed.os.name || null;
  const kind = { mobile: 'phone', tablet: 'tablet', desktop: 'computer' }[
    parsed.platform.type ?? ''
  ];
  const deviceName =
    parsed.platform.model && /^i(Phone|Pad|Pod)/.test(parsed.platform.model)
      ? parsed.platform.model
      : os && kind
        ? `${os} ${kind}`
        : os
          ? `${os} computer`
          : null;
  return { deviceName, browser, os };
}

/** A stand-in for IP geolocation: loopback is Brussels; the rest is unknown. */
export function placeOf(ip: string | null): Pick<TokenRow, 'city' | 'country'> {
  if (!ip) return { city: null, country: null };
  if (ip === '127.0.0.1' || ip === '::1' || ip.startsWith('::ffff:127.')) {
    return { city: 'Brussels', country: 'BE' };
  }
  return { city: null, country: null };
}

/** Device and place of a request, as a history event records them. */
export function deviceOf(session: Partial<SessionInfo>) {
  return { ...describeDevice(session.userAgent ?? null), ...placeOf(session.ip ?? null) };
}

/** Appends an event to the account's security history. */
export function recordEvent(
  store: Store,
  accountId: number,
  kind: string,
  from: Pick<TokenRow, 'deviceName' | 'browser' | 'os' | 'city' | 'country'> | null,
  detail: string | null = null,
): void {
  store.history.push({
    id: nextId(store),
    accountId,
    at: store.clock.now(),
    kind,
    deviceName: from?.deviceName ?? null,
    browser: from?.browser ?? null,
    os: from?.os ?? null,
    city: from?.city ?? null,
    country: from?.country ?? null,
    detail,
  });
}
