import { z } from 'zod';
import { SignedInNext, SudoGranted, TokenAnswer } from './auth';
import { c } from './c';
import { ErrorBody } from './errors';
import { ResetRequired } from './lockdown';
import { rateLimited } from './rate-limits';

/**
 * Passkeys (WebAuthn): a sign-in method that is two factors on its own (the
 * device and its screen lock), and a way to pass the step-up
 * (docs/threat-model.md, 3. Passkey).
 *
 * Each ceremony is two calls: `…/options` answers the options the browser
 * hands to `navigator.credentials` plus a `payload` naming the challenge
 * (single use, 5 minutes); the second call sends the payload back with the
 * browser's answer. The account API verifies with the relying party the
 * gateway names in `relying_party`: the id is the registrable domain of the
 * public origin the browser is on (`example.be`, `be.localhost`), the origin
 * that origin itself, both from the gateway's PUBLIC_ORIGIN_BE/LU
 * configuration, never from a Host header.
 */

const Base64Url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** Who the ceremony is for: the gateway's public origin of the request. */
export const RelyingParty = z.object({
  /** A host name (`example.be`, `be.localhost`): no scheme, no port. */
  id: z
    .string()
    .min(1)
    .max(253)
    .regex(/^[a-z0-9.-]+$/, 'must be a host name'),
  /** `https://account.example.be` */
  origin: z.url({ protocol: /^https?$/ }),
  /**
   * WebAuthn Related Origin Requests: the origins outside the id's domain
   * that use this id too, as `https://<id>/.well-known/webauthn` lists them
   * (`https://account.example.lu` with the id `example.be`). Absent: only
   * origins under the id. The account API accepts `origin` when its host is
   * the id or under it, or when it is one of these, and verifies the answer
   * against `origin` and `id` as given.
   */
  related_origins: z
    .array(z.url({ protocol: /^https?$/ }))
    .max(50)
    .optional(),
});
export type RelyingParty = z.infer<typeof RelyingParty>;

/**
 * The options of `navigator.credentials.create/get` in their JSON form (W3C
 * WebAuthn level 3, `PublicKeyCredential*OptionsJSON`): the browser library
 * reads them as they are, so only what every client relies on is declared.
 */
export const CreationOptions = z.looseObject({
  challenge: Base64Url,
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: Base64Url, name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
});
export const RequestOptions = z.looseObject({
  challenge: Base64Url,
  rpId: z.string().optional(),
  allowCredentials: z.array(z.looseObject({ id: Base64Url, type: z.string() })).optional(),
});
export type CreationOptions = z.infer<typeof CreationOptions>;
export type RequestOptions = z.infer<typeof RequestOptions>;

/** What the browser answered, as `@simplewebauthn/browser` (and `toJSON()`) serialises it. */
const CredentialBase = {
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
export const RegistrationCredential = z.object({
  ...CredentialBase,
  response: z.looseObject({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export const AuthenticationCredential = z.object({
  ...CredentialBase,
  response: z.looseObject({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
});

/** The name a person gives a passkey ("Chrome on Linux" until renamed). */
export const PasskeyName = z.string().trim().min(1, 'Give the passkey a name').max(64);

/** One passkey of the signed-in user. `id` is the credential id (base64url). */
export const Passkey = z.object({
  id: Base64Url,
  name: z.string(),
  /** ISO date-times. */
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Synced between the user's devices (a cloud keychain) rather than bound to one. */
  backed_up: z.boolean(),
  /**
   * The authenticator's model, as its registration's attested data named it
   * (a lower-case UUID: Google Password Manager, iCloud Keychain, a YubiKey…);
   * null when the authenticator sent none (the all-zero AAGUID).
   */
  aaguid: z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      'must be a lower-case AAGUID',
    )
    .nullable(),
});
export type Passkey = z.infer<typeof Passkey>;

/**
 * The WebAuthn user entity the account's passkeys carry: `id` is the user
 * handle (base64url), `name` the login and `display_name` the person's name,
 * as a new passkey would get them now. The browser's Signal API is told these
 * (a password manager shows the passkey under them) and the credentials the
 * account still accepts.
 */
export const PasskeyUser = z.object({
  id: Base64Url,
  name: z.string(),
  display_name: z.string(),
});

export const PasskeyList = z.object({ passkeys: z.array(Passkey), user: PasskeyUser });

/**
 * Whether to offer this session a passkey of this device: the session was
 * opened by a password (and its second factor), no passkey of the account was
 * made or used on the device (the X-Device-ID), and the device was not
 * answered "Not now" (docs/flows.md, "Passkeys").
 */
export const PasskeyOffer = z.object({ offer: z.boolean() });

/** The first call of a ceremony: the options and the payload to verify with. */
export const RegistrationStarted = z.object({ payload: z.string(), options: CreationOptions });
export const AuthenticationStarted = z.object({ payload: z.string(), options: RequestOptions });

const Payload = z.string().min(1).max(200);

/**
 * `purpose`: `login` (nobody signed in; any passkey of the variant, picked
 * by the browser: a button or the e-mail field's autofill) or `sudo` (the
 * step-up of the bearer's session, with the user's passkeys only).
 */
export const AuthenticationPurpose = z.enum(['login', 'sudo']);

const PasskeyId = z.object({ id: Base64Url });

/** The portal's passkey: the account API's, with its authenticator's name where the AAGUID is known. */
export const PortalPasskey = Passkey.extend({
  /** "Google Password Manager", "iCloud Keychain", "YubiKey 5 Series"; null when unknown. */
  authenticator: z.string().nullable(),
});
export type PortalPasskey = z.infer<typeof PortalPasskey>;

/**
 * Errors, by `code`: 400 `validation`; 401 `unauthenticated`; 403
 * `sudo_required` (adding or deleting a passkey needs a recent MFA check);
 * 404 `passkey_not_found`; 409 `passkey_exists` (this authenticator already
 * holds one of the account's passkeys); 410 `payload_expired` /
 * `payload_spent` (start the ceremony again: a challenge serves once); 422
 * `passkey_rejected`: the browser's answer does not verify (another
 * challenge, another origin or relying party, a bad signature, a replayed
 * counter, no user verification) or names a passkey nobody has
 * (`passkey_unknown`); `message` says which.
 */
export const passkeysAccount = c.router({
  listPasskeys: {
    method: 'GET',
    path: '/passkeys',
    summary: "The signed-in user's passkeys, newest first",
    responses: { 200: PasskeyList, 401: ErrorBody },
  },
  startRegistration: {
    method: 'POST',
    path: '/passkeys/registration/options',
    summary:
      'Options to create a passkey for the signed-in user (discoverable, user verification required; the existing ones excluded); needs sudo',
    body: z.object({ relying_party: RelyingParty }),
    responses: { 200: RegistrationStarted, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
  },
  finishRegistration: {
    method: 'POST',
    path: '/passkeys/registration',
    summary: 'Verify the new credential and keep it under `name`; history: passkey_added',
    body: z.object({
      payload: Payload,
      name: PasskeyName,
      credential: RegistrationCredential,
      relying_party: RelyingParty,
    }),
    responses: {
      201: Passkey,
      400: ErrorBody,
      401: ErrorBody,
      403: ErrorBody,
      409: ErrorBody,
      410: ErrorBody,
      422: ErrorBody,
    },
  },
  startAuthentication: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/passkeys/authentication/options',
    summary:
      'Options to sign in with a passkey (purpose login, no bearer) or to pass the step-up with one (purpose sudo, bearer)',
    body: z.object({ purpose: AuthenticationPurpose, relying_party: RelyingParty }),
    responses: {
      200: AuthenticationStarted,
      400: ErrorBody,
      401: ErrorBody,
      404: ErrorBody,
    },
  },
  finishAuthentication: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/passkeys/authentication',
    summary:
      'Verify the assertion: a sign-in answers the token (no further MFA: a passkey is two factors) and holds sudo; a step-up answers sudo. History: passkey_used (and login)',
    body: z.object({
      payload: Payload,
      credential: AuthenticationCredential,
      relying_party: RelyingParty,
    }),
    responses: {
      // The sign-in answer first: it needs access_token, which a step-up lacks.
      200: z.union([TokenAnswer, SudoGranted]),
      400: ErrorBody,
      401: ErrorBody,
      410: ErrorBody,
      // A locked account (lockdown.ts): no session until the password is replaced.
      403: ErrorBody,
      422: ErrorBody,
    },
  },
  renamePasskey: {
    method: 'PATCH',
    path: '/passkeys/:id',
    summary: 'Rename one of your passkeys',
    pathParams: PasskeyId,
    body: z.object({ name: PasskeyName }),
    responses: { 200: Passkey, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  },
  deletePasskey: {
    method: 'DELETE',
    path: '/passkeys/:id',
    summary: 'Remove one of your passkeys (needs sudo); history: passkey_removed',
    pathParams: PasskeyId,
    body: c.noBody(),
    responses: { 204: c.noBody(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
  },
  getPasskeyOffer: {
    method: 'GET',
    path: '/passkeys/offer',
    summary:
      'Whether to offer this session a passkey of its device (opened by a password, none made or used on the device, not declined there)',
    responses: { 200: PasskeyOffer, 401: ErrorBody },
  },
  declinePasskeyOffer: {
    method: 'POST',
    path: '/passkeys/offer/decline',
    summary: '"Not now": this device is not offered a passkey for the account again',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody },
  },
});

/** The portal's bodies: the gateway adds `relying_party` from its own configuration. */
const { relying_party: _rp, ...registrationFields } = passkeysAccount.finishRegistration.body.shape;
const { relying_party: _rp2, ...authenticationFields } =
  passkeysAccount.finishAuthentication.body.shape;

/**
 * The same calls under /api. No token crosses: a passkey sign-in sets the
 * session cookie and answers `signed_in`, as a password (+MFA) sign-in does.
 */
export const passkeysPortal = c.router({
  listPasskeys: {
    ...passkeysAccount.listPasskeys,
    responses: {
      ...passkeysAccount.listPasskeys.responses,
      200: PasskeyList.extend({
        passkeys: z.array(PortalPasskey),
        /** The relying-party id of this origin: the Signal API's `rpId`. */
        rp_id: z.string(),
      }),
    },
  },
  startRegistration: {
    ...passkeysAccount.startRegistration,
    body: c.noBody(),
  },
  finishRegistration: {
    ...passkeysAccount.finishRegistration,
    body: z.object(registrationFields),
    responses: { ...passkeysAccount.finishRegistration.responses, 201: PortalPasskey },
  },
  startAuthentication: {
    ...passkeysAccount.startAuthentication,
    body: z.object({ purpose: AuthenticationPurpose }),
  },
  finishAuthentication: {
    ...passkeysAccount.finishAuthentication,
    summary:
      'Verify the assertion: a sign-in sets the session cookie and answers signed_in (no MFA code follows); a step-up answers sudo',
    body: z.object({
      ...authenticationFields,
      /** Where a sign-in ends (the sign-in page's `target`, checked by the gateway). */
      target: z.string().max(2000).optional(),
    }),
    responses: {
      ...passkeysAccount.finishAuthentication.responses,
      200: z.union([SignedInNext, SudoGranted]),
      // A locked account: the reset journey is the way back in.
      403: ResetRequired,
    },
  },
  renamePasskey: {
    ...passkeysAccount.renamePasskey,
    responses: { ...passkeysAccount.renamePasskey.responses, 200: PortalPasskey },
  },
  deletePasskey: passkeysAccount.deletePasskey,
  getPasskeyOffer: passkeysAccount.getPasskeyOffer,
  declinePasskeyOffer: passkeysAccount.declinePasskeyOffer,
});
