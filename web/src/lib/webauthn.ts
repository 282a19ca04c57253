import type { PortalPasskey } from '@portal/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ensureNamespaces } from '../i18n/i18n';
import { api } from './api';
import {
  type PasskeyAccount,
  signalAcceptedCredentials,
  signalUnknownCredential,
  signalUserDetails,
} from './passkey-signals';

/**
 * The passkey ceremonies as the screens run them: ask the gateway for
 * options, hand them to the browser through `@simplewebauthn/browser` (loaded
 * here on first use, never with /login/email's first bytes), send the answer
 * back (docs/threat-model.md, 3. Passkey). Outcomes are values: a reason the
 * screen words with `passkeys.errors.<reason>`. Shared by the passkeys
 * feature, the step-up dialog and the mfa-methods screen, hence in `lib/`.
 */

const loadBrowser = () => import('@simplewebauthn/browser');

export type PasskeyFailure =
  /** The person closed the browser's prompt, or it timed out. */
  | 'cancelled'
  /** A passkey nobody registered here (sign-in) or not the user's (step-up). */
  | 'unknown'
  /** The answer did not verify. */
  | 'rejected'
  /** The ceremony's challenge expired or was used: start again. */
  | 'expired'
  /** Registration: this authenticator already holds one of the account's passkeys. */
  | 'exists'
  /** A recent MFA check is needed first (registration, deletion). */
  | 'sudoRequired'
  | 'unsupported'
  | 'failed';

export type PasskeyOutcome<T> = { ok: true; value: T } | { ok: false; reason: PasskeyFailure };

const fail = <T>(reason: PasskeyFailure): PasskeyOutcome<T> => ({ ok: false, reason });

export function browserHasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Why the browser refused, from its error (a WebAuthnError carries a code; DOMExceptions a name). */
function browserFailure(err: unknown): PasskeyFailure {
  const code = (err as { code?: string } | null)?.code;
  const name = (err as { name?: string } | null)?.name;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'exists';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') {
    return 'cancelled';
  }
  return 'failed';
}

/** What a gateway refusal of a ceremony means to the person. */
function answerFailure(res: { status: number; body: unknown }): PasskeyFailure {
  const code = (res.body as { code?: string } | null)?.code;
  if (code === 'sudo_required') return 'sudoRequired';
  if (code === 'passkey_unknown') return 'unknown';
  if (code === 'passkey_exists') return 'exists';
  if (res.status === 422) return 'rejected';
  if (res.status === 410 || code === 'invalid_payload') return 'expired';
  return 'failed';
}

type StartRegistration = () => ReturnType<typeof api.passkeys.startRegistration>;

/**
 * Registers a passkey of this device for the signed-in user under `name`.
 * `start` asks for the options: a screen passes it through its in-place
 * step-up (which answers null when the person closed the check).
 * `conditional`: the browser makes it without a prompt, with the password
 * manager the person just signed in with, or refuses (`mediation: 'conditional'`).
 */
export async function createPasskey(
  name: string,
  start: () => Promise<Awaited<ReturnType<StartRegistration>> | null> = () =>
    api.passkeys.startRegistration(),
  { conditional = false }: { conditional?: boolean } = {},
): Promise<PasskeyOutcome<PortalPasskey>> {
  if (!browserHasWebAuthn()) return fail('unsupported');
  try {
    const [options, browser] = await Promise.all([start(), loadBrowser()]);
    if (options === null) return fail('cancelled');
    if (options.status !== 200) return fail(answerFailure(options));
    let credential: Awaited<ReturnType<typeof browser.startRegistration>>;
    try {
      credential = await browser.startRegistration({
        optionsJSON: options.body.options as never,
        useAutoRegister: conditional,
      });
    } catch (err) {
      return fail(browserFailure(err));
    }
    const res = await api.passkeys.finishRegistration({
      body: { payload: options.body.payload, name, credential: credential as never },
    });
    return res.status === 201 ? { ok: true, value: res.body } : fail(answerFailure(res));
  } catch {
    return fail('failed');
  }
}

/** A sign-in answers the page the gateway decided comes next; a step-up, sudo. */
/**
 * What a passkey's check comes to: signed in (the page the gateway decided
 * comes next), the step-up passed, or a locked account sent to the reset
 * journey (`next` again: the gateway decided where).
 */
type Signed =
  | { signed_in: true; weak: boolean; next: string }
  | { sudo: true }
  | { reset: true; next: string };

/**
 * Signs in (`login`) or passes the step-up (`sudo`) with a passkey. With
 * `autofill`, the request waits for the person to pick a passkey in the
 * e-mail field's suggestions (conditional mediation) instead of a prompt.
 */
export async function authenticateWithPasskey(
  purpose: 'login' | 'sudo',
  { autofill = false, target = null }: { autofill?: boolean; target?: string | null } = {},
): Promise<PasskeyOutcome<Signed>> {
  if (!browserHasWebAuthn()) return fail('unsupported');
  try {
    const [options, browser] = await Promise.all([
      api.passkeys.startAuthentication({ body: { purpose } }),
      loadBrowser(),
    ]);
    // An autofill request is the page's, not the person's: until they pick a passkey in the
    // field's suggestions, a refusal (options refused, a browser without a passkey provider
    // that turns conditional requests down) has nothing to tell them, and the page says
    // nothing. What the gateway answers to a passkey they picked is said as for a press.
    if (options.status !== 200) return fail(autofill ? 'cancelled' : answerFailure(options));
    let credential: Awaited<ReturnType<typeof browser.startAuthentication>>;
    try {
      credential = await browser.startAuthentication({
        optionsJSON: options.body.options as never,
        useBrowserAutofill: autofill,
      });
    } catch (err) {
      return fail(autofill ? 'cancelled' : browserFailure(err));
    }
    const res = await api.passkeys.finishAuthentication({
      body: {
        payload: options.body.payload,
        credential: credential as never,
        // Where a sign-in ends: the gateway checks it and answers the page that comes next.
        ...(target ? { target: target.slice(0, 2000) } : {}),
      },
    });
    // A locked account (docs/flows.md, "Lock my account"): its way back in is the reset.
    if (res.status === 403) return { ok: true, value: { reset: true, next: res.body.next } };
    if (res.status !== 200) {
      const reason = answerFailure(res);
      // A passkey the account API knows nobody by: the password manager stops offering it.
      // (A step-up's "not yours" is another account's passkey, still valid: not signalled.)
      if (reason === 'unknown' && purpose === 'login') {
        await signalUnknownCredential(
          options.body.options.rpId ?? window.location.hostname,
          credential.id,
        );
      }
      return fail(reason);
    }
    // Signed in by passkey: the password manager learns which of the account's passkeys still count.
    if (purpose === 'login') await signalPasskeys('accepted');
    return { ok: true, value: res.body };
  } catch {
    return fail('failed');
  }
}

/** Whether this browser offers passkeys in a field's autofill (conditional mediation). */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  if (!browserHasWebAuthn()) return false;
  const browser = await loadBrowser();
  return browser.browserSupportsWebAuthnAutofill();
}

/** Ends a waiting ceremony (the autofill request) before another starts or the screen leaves. */
export async function cancelPasskeyRequest(): Promise<void> {
  const browser = await loadBrowser();
  browser.WebAuthnAbortService.cancelCeremony();
}

/** Query key of the user's passkeys (the passkeys feature invalidates it after a change). */
export const passkeysKey = ['passkeys'] as const;

/** The signed-in user's passkeys (`GET /api/passkeys`), one cache for every screen. */
const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: () => api.passkeys.listPasskeys(),
  staleTime: 30_000,
});

export function usePasskeys(enabled = true) {
  return useQuery({ ...passkeysQuery, enabled });
}

/**
 * Tells the browser's password manager the account's passkeys as the account
 * API lists them now (`lib/passkey-signals.ts`): which it still accepts
 * (`accepted`: after a passkey sign-in or removal) or under which name
 * (`details`: after a change of name). Read afresh, through `queryClient`
 * when a screen has one (its cache then holds the new list). Never throws.
 */
export async function signalPasskeys(
  what: 'accepted' | 'details',
  queryClient?: QueryClient,
): Promise<void> {
  try {
    const res = queryClient
      ? await queryClient.fetchQuery({ ...passkeysQuery, staleTime: 0 })
      : await api.passkeys.listPasskeys();
    if (res.status !== 200) return;
    const account: PasskeyAccount = res.body;
    if (what === 'accepted') await signalAcceptedCredentials(account);
    else if (account.passkeys.length > 0) await signalUserDetails(account);
  } catch {
    // Nothing the person needs to know: the password manager stays as it was.
  }
}

/**
 * For a step-up: whether to offer the user's passkey first. True once the
 * browser can use one, the user has one, and the `passkeys` texts are loaded.
 */
export function usePasskeyOffer(enabled = true): { ready: boolean; offer: boolean } {
  const supported = enabled && browserHasWebAuthn();
  const list = usePasskeys(supported);
  const has = list.data?.status === 200 && list.data.body.passkeys.length > 0;
  const [texts, setTexts] = useState(false);
  useEffect(() => {
    if (!has) return;
    let live = true;
    void ensureNamespaces(['passkeys']).then(() => live && setTexts(true));
    return () => {
      live = false;
    };
  }, [has]);
  if (!supported) return { ready: true, offer: false };
  if (list.isPending) return { ready: false, offer: false };
  return { ready: !has || texts, offer: has && texts };
}
