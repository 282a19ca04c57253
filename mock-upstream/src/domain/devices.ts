import { BlockList, isIP } from 'node:net';
import type { NotificationSettings, TrustedDevice } from '@portal/contract';
import {
  type Account,
  deviceOf,
  type KnownDeviceRow,
  recordEvent,
  type SessionInfo,
  type Store,
} from '../store';
import { issueLockLink, lockLinkUrl } from './lockdown';
import { NEW_SIGN_IN_ALERT } from './messages';
import type { Current } from './sessions';

/**
 * Devices an account signs in from: the ones it trusts to skip MFA, listed
 * and revocable, and the e-mail alert when a device it has not used before
 * signs in (docs/threat-model.md, 1. Password). A device is the device id
 * the upstream receives with the request (the gateway's to choose, see
 * docs/decisions/0001-device-cookie.md), whatever it is derived from.
 */

const PRIVATE_NETWORKS = new BlockList();
for (const [net, bits] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(net, bits, 'ipv4');
}
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_NETWORKS.addSubnet('fe80::', 10, 'ipv6');
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * What the address alone tells of a place, without any geolocation lookup:
 * this machine (`local`), a private network (`private`), or nothing (null).
 */
export function networkOf(ip: string | null): KnownDeviceRow['network'] {
  if (!ip) return null;
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const family = isIP(plain);
  if (family === 0) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(plain, type)) return 'local';
  if (PRIVATE_NETWORKS.check(plain, type)) return 'private';
  return null;
}

const iso = (ms: number) => new Date(ms).toISOString();

// --------------------------------------------------------- new-device sign-in

const DEFAULT_SETTINGS: NotificationSettings = { new_device_sign_in: true };

export function notificationSettings(store: Store, accountId: number): NotificationSettings {
  return { ...DEFAULT_SETTINGS, ...store.notificationSettings.get(accountId) };
}

export function updateNotificationSettings(
  store: Store,
  accountId: number,
  change: Partial<NotificationSettings>,
): NotificationSettings {
  const next = { ...notificationSettings(store, accountId) };
  if (change.new_device_sign_in !== undefined) next.new_device_sign_in = change.new_device_sign_in;
  store.notificationSettings.set(accountId, next);
  return next;
}

type Lang = Account['language'];

/** Where a device was, in the reader's language: city and country, else what the address tells. */
function placeText(lang: Lang, row: Pick<KnownDeviceRow, 'city' | 'country' | 'network'>) {
  const text = NEW_SIGN_IN_ALERT[lang];
  const country = row.country
    ? (new Intl.DisplayNames([lang], { type: 'region' }).of(row.country) ?? row.country)
    : null;
  const known = [row.city, country].filter(Boolean).join(', ');
  if (known) return known;
  if (row.network) return text[row.network];
  return text.unknownPlace;
}

function sendAlert(store: Store, account: Account, row: KnownDeviceRow) {
  const to = account.email.find((e) => e.default && e.verified)?.value;
  if (!to) return;
  const lang = account.language;
  const text = NEW_SIGN_IN_ALERT[lang];
  const device = [row.deviceName, row.browser].filter(Boolean).join(', ') || text.unknownDevice;
  const time = new Intl.DateTimeFormat(lang, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: store.region === 'lu' ? 'Europe/Luxembourg' : 'Europe/Brussels',
  }).format(row.lastSeen);
  // "This wasn't me" is one click from the e-mail, signed out too: a single-use lock link.
  const link = lockLinkUrl(store, issueLockLink(store, account.id));
  store.outbox.push({
    to,
    channel: 'email',
    code: '',
    subject: text.subject,
    link,
    text: `${text.body({ name: account.firstname, device, place: placeText(lang, row), time })}\n\n${text.notMe}\n${link}`,
    at: store.clock.now(),
  });
}

/**
 * Every sign-in of the user (not a partner's code exchange) goes through
 * here: its device becomes known to the account, and a device the account
 * has not used before gets a `new_device_sign_in` history event and, unless
 * switched off, the alert e-mail. The first device of an account (the one it
 * was made on, or a seeded account's first sign-in) alerts nobody. A sign-in
 * that names no device counts as a new device every time.
 */
export function noteSignIn(store: Store, accountId: number, session: Partial<SessionInfo>): void {
  const account = store.accounts.get(accountId);
  if (!account) return;
  const now = store.clock.now();
  const deviceId = session.deviceId ?? null;
  const seen = { ...deviceOf(session), network: networkOf(session.ip ?? null) };
  const known = deviceId
    ? store.knownDevices.find((d) => d.accountId === accountId && d.deviceId === deviceId)
    : undefined;
  if (known) {
    Object.assign(known, seen, { lastSeen: now });
    return;
  }
  const isFirst = !store.knownDevices.some((d) => d.accountId === accountId);
  const row: KnownDeviceRow = {
    accountId,
    deviceId: deviceId ?? '',
    ...seen,
    firstSeen: now,
    lastSeen: now,
  };
  if (deviceId) store.knownDevices.push(row);
  if (isFirst) return;
  const alert = notificationSettings(store, accountId).new_device_sign_in;
  recordEvent(store, accountId, 'new_device_sign_in', row, alert ? 'alert sent' : 'alert off');
  if (alert) sendAlert(store, account, row);
}

/**
 * The portal renewed the key of a device between a sign-in's password step
 * and its code step: what the account knew of the device (that it is known:
 * no new-device alert) goes to the new id. Trust does not: a device is
 * trusted only under the key it was trusted with.
 */
export function renameKnownDevice(store: Store, accountId: number, from: string, to: string) {
  if (from === to) return;
  const known = store.knownDevices.find((d) => d.accountId === accountId && d.deviceId === from);
  const already = store.knownDevices.some((d) => d.accountId === accountId && d.deviceId === to);
  if (known && !already) known.deviceId = to;
}

// -------------------------------------------------------------- trusted devices

function liveTrusted(store: Store, accountId: number) {
  const now = store.clock.now();
  return store.trustedDevices.filter((d) => d.accountId === accountId && d.until > now);
}

/** The devices that skip MFA, most recently used first. */
export function listTrustedDevices(
  store: Store,
  accountId: number,
  deviceId: string | null,
): TrustedDevice[] {
  return liveTrusted(store, accountId)
    .map((d) => {
      const known = store.knownDevices.find(
        (k) => k.accountId === accountId && k.deviceId === d.deviceId,
      );
      return {
        id: d.id,
        device_name: known?.deviceName ?? null,
        browser: known?.browser ?? null,
        os: known?.os ?? null,
        city: known?.city ?? null,
        country: known?.country ?? null,
        network: known?.network ?? null,
        trusted_since: iso(d.since),
        last_used: iso(Math.max(known?.lastSeen ?? 0, d.since)),
        current: deviceId !== null && d.deviceId === deviceId,
      };
    })
    .sort((a, b) => b.last_used.localeCompare(a.last_used) || b.id - a.id);
}

function describe(store: Store, accountId: number, deviceId: string): string {
  const known = store.knownDevices.find(
    (k) => k.accountId === accountId && k.deviceId === deviceId,
  );
  return [known?.deviceName ?? 'Unknown device', known?.browser].filter(Boolean).join(', ');
}

/** Stops trusting one device of the user; false when it is not one of theirs. */
export function untrustDevice(store: Store, current: Current, id: number): boolean {
  const row = liveTrusted(store, current.account.id).find((d) => d.id === id);
  if (!row) return false;
  store.trustedDevices.splice(store.trustedDevices.indexOf(row), 1);
  recordEvent(
    store,
    current.account.id,
    'device_untrusted',
    current.row,
    describe(store, current.account.id, row.deviceId),
  );
  return true;
}

/** Stops trusting every device of the user. */
export function untrustAllDevices(store: Store, current: Current): void {
  const rows = liveTrusted(store, current.account.id);
  store.trustedDevices = store.trustedDevices.filter((d) => d.accountId !== current.account.id);
  recordEvent(
    store,
    current.account.id,
    'devices_untrusted_all',
    current.row,
    `${rows.length} device${rows.length === 1 ? '' : 's'}`,
  );
}
