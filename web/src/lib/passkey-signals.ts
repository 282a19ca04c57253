/**
 * The WebAuthn Signal API (W3C WebAuthn level 3, §5.1.10): the portal tells
 * the browser's password manager what the account API knows, so that the
 * passkeys it offers stay in step with the account (docs/flows.md,
 * "Passkeys"). Each call is feature-detected and fire-and-forget: a browser
 * without it (Firefox, an older Chrome or Safari), or one that refuses it,
 * changes nothing for the person.
 *
 * - `signalAllAcceptedCredentials` after every passkey sign-in and after a
 *   passkey is removed: the manager hides the account's passkeys not listed.
 * - `signalCurrentUserDetails` after the person's name changes: the manager
 *   shows the passkeys under the new name.
 * - `signalUnknownCredential` when the account API refuses a passkey as
 *   unknown at sign-in: the manager stops offering it.
 */

/** What the gateway's passkey list says (`GET /api/passkeys`): the relying party, the user, the ids. */
export interface PasskeyAccount {
  rp_id: string;
  user: { id: string; name: string; display_name: string };
  passkeys: readonly { id: string }[];
}

interface SignalApi {
  signalAllAcceptedCredentials?: (options: {
    rpId: string;
    userId: string;
    allAcceptedCredentialIds: string[];
  }) => Promise<void>;
  signalCurrentUserDetails?: (options: {
    rpId: string;
    userId: string;
    name: string;
    displayName: string;
  }) => Promise<void>;
  signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
}

/** The browser's PublicKeyCredential with whichever signals it has, or null without WebAuthn. */
function signals(): SignalApi | null {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') {
    return null;
  }
  return window.PublicKeyCredential as unknown as SignalApi;
}

/** Calls a signal, never throwing: the browser may refuse (another origin's id, a bad id). */
async function send(call: (() => Promise<void>) | null): Promise<boolean> {
  if (!call) return false;
  try {
    await call();
    return true;
  } catch {
    return false;
  }
}

/** The passkeys the account still accepts. Answers whether the browser took the signal. */
export function signalAcceptedCredentials(account: PasskeyAccount): Promise<boolean> {
  const api = signals();
  const signal = api?.signalAllAcceptedCredentials?.bind(api);
  return send(
    signal
      ? () =>
          signal({
            rpId: account.rp_id,
            userId: account.user.id,
            allAcceptedCredentialIds: account.passkeys.map((p) => p.id),
          })
      : null,
  );
}

/** The user's current login and name, as the account's passkeys should show them. */
export function signalUserDetails(account: PasskeyAccount): Promise<boolean> {
  const api = signals();
  const signal = api?.signalCurrentUserDetails?.bind(api);
  return send(
    signal
      ? () =>
          signal({
            rpId: account.rp_id,
            userId: account.user.id,
            name: account.user.name,
            displayName: account.user.display_name,
          })
      : null,
  );
}

/** A passkey the account API does not know (refused at sign-in as `passkey_unknown`). */
export function signalUnknownCredential(rpId: string, credentialId: string): Promise<boolean> {
  const api = signals();
  const signal = api?.signalUnknownCredential?.bind(api);
  return send(signal ? () => signal({ rpId, credentialId }) : null);
}

/**
 * Whether the browser makes a passkey without a dialog of ours right after a
 * password sign-in (`mediation: 'conditional'` on create: Chrome, Safari,
 * every iOS browser), as `PublicKeyCredential.getClientCapabilities()` says.
 */
export async function supportsConditionalCreate(): Promise<boolean> {
  const api = typeof window === 'undefined' ? undefined : window.PublicKeyCredential;
  if (typeof api !== 'function' || typeof api.getClientCapabilities !== 'function') return false;
  try {
    const capabilities = await api.getClientCapabilities();
    return capabilities.conditionalCreate === true;
  } catch {
    return false;
  }
}
