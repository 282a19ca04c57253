import { z } from 'zod';
import { MfaNeeded } from './auth';
import { c } from './c';
import { ErrorBody } from './errors';
import { LoginPassword, Username } from './fields';
import { ResetRequired } from './lockdown';
import { rateLimited } from './rate-limits';
import { SignInNext } from './sign-in';

/** Workplace identity providers a beta company can sign in with. */
export const SsoProvider = z.enum(['microsoft', 'google']);
export type SsoProvider = z.infer<typeof SsoProvider>;

const ProviderParams = z.object({ provider: SsoProvider });

/** A pending identity-provider login waiting to be linked to an account. */
const LinkPayload = z.string().min(20).max(200);

/** Identity-provider beta programme: the company a login belongs to, if any. */
export const SsoDiscovery = z.object({
  company: z.string().nullable(),
  provider: SsoProvider.nullable(),
});
export type SsoDiscovery = z.infer<typeof SsoDiscovery>;

const SignedInBySso = z.object({
  status: z.literal('linked'),
  access_token: z.string().min(20),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  /** 1 or 2: the password is weak; the session is confined until it is replaced (docs/product.md part 4). */
  password_status: z.number().int(),
  company: z.string().nullable(),
});

/**
 * Not signed in yet: `not_linked` (an account with the identity's e-mail
 * exists; offer to link it), `no_account` (none; offer card activation,
 * becoming a customer, or linking). Either way `payload` links it later.
 */
const SsoNotLinked = z.object({
  status: z.enum(['not_linked', 'no_account']),
  payload: LinkPayload,
  /** The e-mail the identity provider vouched for. */
  email: z.string(),
  company: z.string().nullable(),
});

/** The outcome of the identity provider's callback (docs/product.md part 8). */
export const SsoCallbackAnswer = z.discriminatedUnion('status', [SignedInBySso, SsoNotLinked]);

export const LinkAccountBody = z.object({
  payload: LinkPayload,
  username: Username,
  password: LoginPassword,
});

/**
 * The portal's link: the pending login it links is the one the workplace
 * login's flow holds on the gateway (no handle in the browser); with the
 * captcha on, its token goes along (the call checks a password).
 */
export const PortalLinkAccountBody = LinkAccountBody.omit({ payload: true }).extend({
  captcha: z.string().min(1).max(8192).optional(),
});

/**
 * What the link screens draw of a workplace login that is not linked yet:
 * read from its flow on the gateway (`GET /api/sso/offer`), never stored in
 * the browser. No handle: the link takes it from the flow.
 */
export const SsoLinkOffer = z.object({
  provider: SsoProvider,
  status: z.enum(['not_linked', 'no_account']),
  /** The e-mail the identity provider vouched for. */
  email: z.string(),
  company: z.string().nullable(),
});
export type SsoLinkOffer = z.infer<typeof SsoLinkOffer>;

export const AccessRequestBody = z.object({
  /** An optional note for the administrator who grants access. */
  message: z.string().trim().max(1000).optional(),
});

export const AccessRequestAnswer = z.object({
  /** When the request was recorded (ISO 8601); repeated requests keep the first time. */
  requested_at: z.string(),
});

// Domain: partner. Account-API routes (what an upstream speaks) and their portal
// counterparts (what the browser speaks under /api, with no token in it).
export const partnerAccount = c.router({
  requestAccess: {
    method: 'POST',
    path: '/partner/access-request',
    summary: 'Ask an administrator for access to the partner area ("Access required")',
    body: AccessRequestBody,
    responses: { 200: AccessRequestAnswer, 400: ErrorBody, 401: ErrorBody, 409: ErrorBody },
  },
  linkAccount: {
    method: 'POST',
    metadata: rateLimited('signIn'),
    path: '/user/link-account',
    summary:
      "Link a workplace identity-provider login to an existing account proven by its password and second factor. 401: the account's second factor is needed (payload, methods; `POST /mfa/sudo` links and signs in); 400 `invalid_grant` a wrong password, `invalid_payload` a payload expired or spent (after 5 wrong passwords); 409 linked elsewhere; 429 locked",
    body: LinkAccountBody,
    responses: {
      200: SignedInBySso,
      400: ErrorBody,
      401: MfaNeeded,
      409: ErrorBody,
      429: ErrorBody,
    },
  },
  unlinkSso: {
    method: 'DELETE',
    path: '/user/sso',
    summary:
      'Remove the linked workplace login: it no longer signs in to the account (announced by e-mail, in the history)',
    body: c.noBody(),
    responses: { 204: c.noBody(), 401: ErrorBody, 404: ErrorBody },
  },
  ssoDiscover: {
    method: 'GET',
    path: '/sso/discover',
    summary:
      "The beta company of a login's e-mail domain, to invite it to the identity-provider login",
    query: z.object({ login: z.string().max(254) }),
    responses: { 200: SsoDiscovery },
  },
  ssoLogin: {
    method: 'GET',
    // A door to a session that starts the provider's login (and its state) on each call.
    metadata: rateLimited('signIn'),
    path: '/sso/:provider/login',
    summary: "Start of an identity-provider login: where to send the browser (the provider's page)",
    pathParams: ProviderParams,
    query: z.object({
      /** The portal's `/sso/{provider}/login/callback` the provider returns to. */
      redirect_uri: z.url(),
      state: z.string().min(16).max(200),
      login_hint: z.string().max(254).optional(),
    }),
    responses: { 200: z.object({ redirect: z.url() }), 400: ErrorBody },
  },
  ssoCallback: {
    method: 'POST',
    metadata: rateLimited('codes'),
    path: '/sso/:provider/callback',
    summary: "The identity provider's callback code: signed in (linked), not linked, or no account",
    pathParams: ProviderParams,
    body: z.object({ code: z.string().min(1).max(200) }),
    // 403: a locked account (lockdown.ts), no session until its password is replaced.
    responses: { 200: SsoCallbackAnswer, 400: ErrorBody, 403: ErrorBody },
  },
});

/** The browser learns that it is signed in (and whether the password is weak), never the token. */
const LinkedForBrowser = z.object({
  status: z.literal('linked'),
  company: z.string().nullable(),
  weak: z.boolean(),
});

/** Signed in by a workplace login or its link: the page the gateway decided comes next. */
const LinkedWithNext = LinkedForBrowser.extend({ next: z.string().startsWith('/') });

/** The link waits for the account's second factor: the sign-in's MFA page it goes on at. */
const SecondFactorFirst = SignInNext.extend({ status: z.literal('second_factor') });

export const partnerPortal = c.router({
  requestAccess: partnerAccount.requestAccess,
  linkAccount: {
    ...partnerAccount.linkAccount,
    summary:
      "Link the identity-provider login to an existing account. 200 `linked`: the session is in the cookie, `next` the page after; 200 `second_factor`: the account's second factor first, on the sign-in's MFA pages (`next`, `view`; the account API's challenge stays in the sign-in flow on the gateway), whose code step links and signs in. 400 `captcha` with the captcha on",
    body: PortalLinkAccountBody,
    responses: {
      400: partnerAccount.linkAccount.responses[400],
      409: partnerAccount.linkAccount.responses[409],
      429: partnerAccount.linkAccount.responses[429],
      200: z.discriminatedUnion('status', [LinkedWithNext, SecondFactorFirst]),
      /** No workplace login waiting in this browser's flow (expired, linked, never started). */
      410: ErrorBody,
    },
  },
  ssoOffer: {
    method: 'GET',
    path: '/sso/offer',
    summary:
      "The workplace login waiting to be linked, from this browser's flow (provider, not_linked or no_account, the e-mail vouched for, the company); 410 `flow_gone` when there is none",
    responses: { 200: SsoLinkOffer, 410: ErrorBody },
  },
  unlinkSso: partnerAccount.unlinkSso,
  ssoDiscover: partnerAccount.ssoDiscover,
  ssoLogin: {
    ...partnerAccount.ssoLogin,
    summary: "Start of an identity-provider login: where to send the browser (the provider's page)",
    query: z.object({
      login_hint: z.string().max(254).optional(),
      /** Where the sign-in ends: kept in the login's flow on the gateway, checked there. */
      target: z.string().max(2000).optional(),
    }),
  },
  ssoCallback: {
    ...partnerAccount.ssoCallback,
    summary:
      'The callback route posts the code and state it received; linked signs in (cookie), else offers to link',
    body: z.object({ code: z.string().min(1).max(200), state: z.string().min(1).max(200) }),
    responses: {
      // Not linked: the handle stays in the login's flow on the gateway (`GET /api/sso/offer`).
      200: z.discriminatedUnion('status', [LinkedWithNext, SsoNotLinked.omit({ payload: true })]),
      400: ErrorBody,
      // A locked account: the reset journey is the way back in.
      403: ResetRequired,
    },
  },
});
