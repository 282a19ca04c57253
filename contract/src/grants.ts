import { z } from 'zod';
import { c } from './c';
import { ErrorBody } from './errors';

/**
 * The partner's code exchange at the upstream's `POST /token` (RFC 6749 4.1.3,
 * form-encoded), beside the password grant of `auth.ts`. Public clients (no
 * secret) must send the PKCE `code_verifier` (RFC 7636, S256).
 */
export const AuthorizationCodeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1),
  redirect_uri: z.string().min(1),
  client_id: z.string().regex(/^\d+$/, { error: 'client_id must be a number' }),
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, {
      error: 'code_verifier must be 43-128 unreserved characters',
    })
    .optional(),
  client_secret: z.string().optional(),
});
export type AuthorizationCodeGrant = z.infer<typeof AuthorizationCodeGrant>;

/** What a partner receives for a code: a token scoped to the user's grant. */
export const CodeTokenAnswer = z.object({
  access_token: z.string().min(20),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string(),
});
export type CodeTokenAnswer = z.infer<typeof CodeTokenAnswer>;

/**
 * An OAuth error answer of the token endpoint (RFC 6749 5.2): the portal's
 * `code`/`message` plus the `error`/`error_description` OAuth client libraries read.
 */
export const OAuthErrorBody = ErrorBody.extend({
  error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client']),
  error_description: z.string(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

export { FIRST_PARTY_CLIENT_IDS, isFirstPartyClient, isPartnerClient } from './rules';

/**
 * docs/product.md part 2's scopes. The two scopes named after the product brand are not
 * named by the spec, so a scope on the wire is any lower-case word; the web app
 * translates these and shows any other one as it is.
 */
export const KNOWN_SCOPES = [
  'balance',
  'clientarea',
  'company',
  'customerwrite',
  'fridom',
  'history',
  'mobile',
  'notification',
  'payment',
  'reimbursemoney',
  'transaction',
  'user',
  'userwrite',
] as const;
export const Scope = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);

const ClientId = z.string().regex(/^\d{1,9}$/, { error: 'client_id must be a number' });

/** docs/product.md part 3, Access grant: what the user allowed a third-party app to do. */
export const Grant = z.object({
  client_id: z.number().int(),
  name: z.string(),
  scopes: z.array(Scope),
  /** When the user first allowed the app (ISO date-time); absent from an API that does not say. */
  granted_at: z.string().optional(),
  /** When the app last used its access (ISO date-time); null: not yet. */
  last_used_at: z.string().nullable().optional(),
});
export type Grant = z.infer<typeof Grant>;

/** `GET /tokens`: a map of the user's grants keyed by client id; the values are used. */
export const GrantMap = z.record(z.string(), Grant);
export type GrantMap = z.infer<typeof GrantMap>;

/**
 * The authorisation request a partner sends the browser with (RFC 6749 4.1.1,
 * PKCE of RFC 7636). `response_type` and `code_challenge_method` are checked by
 * the server, not here, so that a wrong value is answered the OAuth way: a
 * redirect to the partner carrying `error` (only `code` and `S256` are accepted).
 */
export const AuthorizeQuery = z.object({
  client_id: ClientId,
  redirect_uri: z.string().min(1).max(2000),
  response_type: z.string().max(40),
  state: z.string().max(500).optional(),
  code_challenge: z.string().max(200).optional(),
  code_challenge_method: z.string().max(20).optional(),
  /** Space-separated scopes; the client's registered scopes when absent. */
  scope: z.string().max(500).optional(),
});
export type AuthorizeQuery = z.infer<typeof AuthorizeQuery>;

/** The consent screen's answer, sent with the same parameters. */
export const AuthorizeApproval = AuthorizeQuery.extend({ approve: z.boolean() });
export type AuthorizeApproval = z.infer<typeof AuthorizeApproval>;

/**
 * docs/product.md part 3, Authorize. `approvalType: "scopes"`: the user must approve the
 * listed scopes first (`target` is null). Otherwise `target` is where the
 * browser goes: the registered redirect URI carrying `code` and the partner's
 * `state` (or `error`, e.g. `access_denied` after a refusal).
 */
export const AuthorizeAnswer = z.object({
  approvalType: z.enum(['scopes']).nullable(),
  target: z.url().nullable(),
  client: z.object({ client_id: z.number().int(), name: z.string() }),
  scopes: z.array(Scope),
});
export type AuthorizeAnswer = z.infer<typeof AuthorizeAnswer>;

/**
 * Error codes of a 400 from the authorize calls, which the browser must never
 * follow to the partner: `invalid_client` (unknown or misconfigured client) and
 * `invalid_redirect_uri` (not registered for the client). The portal shows both
 * as docs/product.md part 8's "invalid configuration".
 */
export const INVALID_CONFIGURATION_CODES = ['invalid_client', 'invalid_redirect_uri'] as const;

/** A registered client as the gateway needs it to check redirect targets. */
export const RegisteredClient = z.object({
  client_id: z.number().int(),
  /** The app's name as people know it (the sign-in and consent screens show it). */
  name: z.string(),
  first_party: z.boolean(),
  redirect_uris: z.array(z.string()),
});
export type RegisteredClient = z.infer<typeof RegisteredClient>;

// Domain: grants (GET /tokens, DELETE /token/{client_id}, GET /authorize and
// the approval). Account-API routes, then their portal counterparts.
export const grantsAccount = c.router({
  listGrants: {
    method: 'GET',
    path: '/tokens',
    summary: "The signed-in user's grants to third-party apps, keyed by client id",
    responses: { 200: GrantMap, 401: ErrorBody },
  },
  revokeGrant: {
    method: 'DELETE',
    path: '/token/:client_id',
    summary: 'Revoke a grant and every token issued to that client for this user',
    pathParams: z.object({ client_id: ClientId }),
    body: c.noBody(),
    responses: { 204: c.noBody(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
  },
  authorize: {
    method: 'GET',
    path: '/authorize',
    summary:
      'Authorisation request of a registered client (exact redirect_uri, PKCE S256): approval needed, or the target with the code',
    query: AuthorizeQuery,
    responses: { 200: AuthorizeAnswer, 400: ErrorBody, 401: ErrorBody },
  },
  approve: {
    method: 'POST',
    path: '/authorize',
    summary: 'The consent: grant the scopes (target carries the code) or refuse (access_denied)',
    body: AuthorizeApproval,
    responses: { 200: AuthorizeAnswer, 400: ErrorBody, 401: ErrorBody },
  },
  listClients: {
    method: 'GET',
    path: '/clients',
    summary: 'Registered OAuth clients and their redirect URIs (for redirect allow-lists)',
    responses: { 200: z.object({ clients: z.array(RegisteredClient) }) },
  },
});

/** `GET /api/redirect-check`: whether the web app may leave to `uri`, and the URL to use. */
export const RedirectCheck = z.object({
  allowed: z.boolean(),
  /** The normalised absolute URL to navigate to; null when not allowed. */
  target: z.string().nullable(),
  /**
   * The same target as a path of the portal (path, query and fragment) when it
   * is on the portal's own origin, for the web app's router; null otherwise.
   * Never starts with `//`.
   */
  path: z.string().nullable(),
});
export type RedirectCheck = z.infer<typeof RedirectCheck>;

/** `GET /api/clients/:client_id`: the name of a registered app, for the sign-in page of its users. */
export const ClientName = z.object({ client_id: z.number().int(), name: z.string() });
export type ClientName = z.infer<typeof ClientName>;

/**
 * What the consent page (`/approve`) draws, read from the browser's consent
 * flow on the gateway (docs/flows.md, "Partner authorisation"): the partner's
 * request itself stays on the server, never in the page's address.
 */
export const ConsentView = z.object({
  client: z.object({ client_id: z.number().int(), name: z.string() }),
  /** The host of the registered `redirect_uri` the answer goes to: the partner's site as people know it. */
  site: z.string().nullable(),
  scopes: z.array(Scope),
  /** The partner's request again (`/authorize?…`): where "Not you?" signs in to. */
  restart: z.string().startsWith('/authorize?'),
});
export type ConsentView = z.infer<typeof ConsentView>;

const { listClients: _upstreamOnly, ...grantsForBrowser } = grantsAccount;

export const grantsPortal = c.router({
  ...grantsForBrowser,
  clientName: {
    method: 'GET',
    path: '/clients/:client_id',
    summary:
      'The name of a registered app (anonymous: the sign-in page names the app that sent the user); 404 when unknown',
    pathParams: z.object({ client_id: ClientId }),
    responses: { 200: ClientName, 400: ErrorBody, 404: ErrorBody },
  },
  readConsent: {
    method: 'GET',
    path: '/consent',
    summary:
      'The consent this browser is asked for (its consent flow): the app, its site and the scopes; 410 when none is under way (expired, answered, or never started)',
    responses: { 200: ConsentView, 410: ErrorBody },
  },
  redirectCheck: {
    method: 'GET',
    path: '/redirect-check',
    summary:
      'Whether the browser may leave to a URI: the portal itself or a registered client URI (no open redirect)',
    query: z.object({ uri: z.string().min(1).max(2000) }),
    responses: { 200: RedirectCheck },
  },
});
