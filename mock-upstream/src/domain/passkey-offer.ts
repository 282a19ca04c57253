import type { Account, KnownDeviceRow, PasskeyRow, Store, TokenRow } from '../store';
import { PASSKEY_ADDED } from './messages';

/**
 * The passkey offer after a password sign-in (docs/flows.md, "Passkeys"),
 * remembered per account and device on the known-device row, so that it
 * follows the device when the portal renews its key at a sign-in's code step
 * (`renameKnownDevice`), as what the account knew of the device does.
 */

function knownDevice(store: Store, accountId: number, deviceId: string | null) {
  if (!deviceId) return undefined;
  return store.knownDevices.find((d) => d.accountId === accountId && d.deviceId === deviceId);
}

/** Whether a passkey of the account, still registered, was made or used on this known device. */
function hasLivePasskey(store: Store, device: KnownDeviceRow): boolean {
  return (device.passkeyIds ?? []).some((id) => store.passkeys.has(id));
}

/**
 * Offered to a session of the portal (not a partner's token) opened by a
 * password, on a device the account knows, where no passkey of it was made or
 * used and nobody answered "Not now".
 */
export function passkeyOffered(store: Store, session: TokenRow): boolean {
  if (session.clientId !== null || session.byPasskey) return false;
  const device = knownDevice(store, session.accountId, session.deviceId);
  if (!device) return false;
  return !device.passkeyOfferDeclined && !hasLivePasskey(store, device);
}

/** "Not now": this device is not offered a passkey for the account again. */
export function declinePasskeyOffer(store: Store, session: TokenRow): void {
  const device = knownDevice(store, session.accountId, session.deviceId);
  if (device) device.passkeyOfferDeclined = true;
}

/** The passkey was made or used on the session's device. */
export function notePasskeyOnDevice(store: Store, session: TokenRow, passkey: PasskeyRow): void {
  const device = knownDevice(store, session.accountId, session.deviceId);
  if (!device) return;
  device.passkeyIds = [...new Set([...(device.passkeyIds ?? []), passkey.id])];
}

/**
 * The e-mail every new passkey sends (it cannot be switched off: a new way in
 * is what an intruder would add), to the default verified e-mail, in the
 * account's language, with the history event it points to.
 */
export function sendPasskeyAddedNotice(
  store: Store,
  account: Account,
  passkey: PasskeyRow,
  eventId: number | undefined,
): void {
  const to = account.email.find((e) => e.default && e.verified)?.value;
  if (!to) return;
  const text = PASSKEY_ADDED[account.language];
  const link = `${store.portalUrl}/security/history${eventId === undefined ? '' : `?event=${eventId}`}`;
  store.outbox.push({
    to,
    channel: 'email',
    code: '',
    subject: text.subject,
    link,
    text: `${text.body(account.firstname, passkey.name)}\n\n${text.notMe}\n${link}`,
    at: store.clock.now(),
  });
}
