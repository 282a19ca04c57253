import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  AuthorizationCodeGrant,
  AuthorizeAnswer,
  AuthorizeApproval,
  AuthorizeQuery,
  CodeTokenAnswer,
  ErrorBody,
  GrantMap,
  OAuthErrorBody,
  RegisteredClient,
} from '@portal/contract';
import {
  type Account,
  type ClientRow,
  issueToken,
  randomOpaque,
  recordEvent,
  revokeToken,
  type Store,
  type TokenRow,
} from '../store';

/** Authorization codes live 10 minutes (docs/security.md, V10 OAuth: V10.4.3). */
export const CODE_TTL_MS = 10 * 60_000;
/** Tokens issued to partner apps live one hour; the user's grant outlives them. */
export const PARTNER_TOKEN_TTL_S = 3600;

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

type Outcome = { status: 200; body: AuthorizeAnswer } | { status: 400; body: ErrorBody };

export type CodeExchangeResult =
  | { status: 200; body: CodeTokenAnswer }
  | { status: 400 | 401; body: OAuthErrorBody };

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `redirectUri` with the given parameters added (RFC 6749 4.1.2: keep its own query). */
function withParams(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.append(key, value);
  }
  return url.toString();
}

/**
 * Client and redirect URI first: when either is wrong, nothing may be sent to
 * the redirect URI (RFC 6749 4.1.2.1), so these are 400s the portal shows.
 */
function registeredClient(
  store: Store,
  query: AuthorizeQuery,
): { client: ClientRow } | { status: 400; body: ErrorBody } {
  const client = store.clients.get(Number(query.client_id));
  if (!client || client.invalid) {
    return {
      status: 400,
      body: {
        code: 'invalid_client',
        message: 'The client is unknown or its configuration is invalid.',
      },
    };
  }
  if (!client.redirect_uris.includes(query.redirect_uri)) {
    return {
      status: 400,
      body: {
        code: 'invalid_redirect_uri',
        message: 'The redirect_uri is not registered for this client.',
      },
    };
  }
  return { client };
}

/** The scopes asked for (the client's own when none), or null when one is not the client's. */
function requestedScopes(client: ClientRow, scope: string | undefined): string[] | null {
  const asked = (scope ?? '').split(' ').filter(Boolean);
  if (asked.length === 0) return [...client.scopes];
  if (!asked.every((s) => client.scopes.includes(s))) return null;
  return [...new Set(asked)];
}

/** The request's own faults, answered the OAuth way: back to the partner with `error`. */
function requestError(client: ClientRow, query: AuthorizeQuery): string | null {
  if (query.response_type !== 'code') return 'unsupported_response_type';
  if (query.code_challenge !== undefined || query.code_challenge_method !== undefined) {
    // RFC 7636 4.3: a missing method means `plain`, which is refused like an explicit one.
    if (query.code_challenge_method !== 'S256') return 'invalid_request';
    if (!query.code_challenge || !S256_CHALLENGE.test(query.code_challenge)) {
      return 'invalid_request';
    }
  } else if (client.public) {
    return 'invalid_request';
  }
  return null;
}

const ERROR_DESCRIPTION: Record<string, string> = {
  unsupported_response_type: 'Only response_type=code is supported.',
  invalid_request:
    'A PKCE code_challenge with code_challenge_method=S256 is required (plain is refused).',
  invalid_scope: 'A requested scope is not allowed for this client.',
  access_denied: "Given the consent wasn't given, access is denied.",
};

function answer(client: ClientRow, scopes: string[], target: string | null): Outcome {
  return {
    status: 200,
    body: {
      approvalType: target === null ? 'scopes' : null,
      target,
      client: { client_id: client.client_id, name: client.name },
      scopes,
    },
  };
}

function errorAnswer(client: ClientRow, query: AuthorizeQuery, error: string): Outcome {
  const target = withParams(query.redirect_uri, {
    error,
    error_description: ERROR_DESCRIPTION[error],
    state: query.state,
  });
  return answer(client, [], target);
}

function findGrant(store: Store, accountId: number, clientId: number) {
  return store.grants.find((g) => g.accountId === accountId && g.clientId === clientId);
}

function issueCode(
  store: Store,
  account: Account,
  client: ClientRow,
  query: AuthorizeQuery,
  scopes: string[],
): string {
  const code = randomOpaque();
  store.authCodes.set(code, {
    code,
    clientId: client.client_id,
    accountId: account.id,
    redirectUri: query.redirect_uri,
    codeChallenge: query.code_challenge ?? null,
    scopes,
    expiresAt: store.clock.now() + CODE_TTL_MS,
    used: false,
    issuedToken: null,
  });
  return withParams(query.redirect_uri, { code, state: query.state });
}

/**
 * The checks both the request and its consent go through, in RFC 6749's
 * order: client and redirect URI, the request's own faults, the scopes.
 * Answers the client and scopes, or the answer that ends the request.
 */
function checkedRequest(
  store: Store,
  query: AuthorizeQuery,
): { client: ClientRow; scopes: string[] } | Outcome {
  const found = registeredClient(store, query);
  if (!('client' in found)) return found;
  const { client } = found;
  const fault = requestError(client, query);
  if (fault) return errorAnswer(client, query, fault);
  const scopes = requestedScopes(client, query.scope);
  if (!scopes) return errorAnswer(client, query, 'invalid_scope');
  return { client, scopes };
}

/** `GET /authorize`: approval needed, or the target carrying a fresh code. */
export function authorize(store: Store, account: Account, query: AuthorizeQuery): Outcome {
  const checked = checkedRequest(store, query);
  if ('status' in checked) return checked;
  const { client, scopes } = checked;

  const grant = findGrant(store, account.id, client.client_id);
  const granted = client.firstParty || (grant && scopes.every((s) => grant.scopes.includes(s)));
  if (!granted) return answer(client, scopes, null);
  return answer(client, scopes, issueCode(store, account, client, query, scopes));
}

/** The consent (`POST /authorize`): grant and send a code, or refuse with access_denied. */
export function approve(
  store: Store,
  account: Account,
  approval: AuthorizeApproval,
  from: TokenRow,
): Outcome {
  const { approve: approved, ...query } = approval;
  const checked = checkedRequest(store, query);
  if ('status' in checked) return checked;
  const { client, scopes } = checked;
  if (!approved) return errorAnswer(client, query, 'access_denied');

  if (!client.firstParty) {
    const grant = findGrant(store, account.id, client.client_id);
    if (grant) {
      grant.scopes = [...new Set([...grant.scopes, ...scopes])];
    } else {
      store.grants.push({
        accountId: account.id,
        clientId: client.client_id,
        scopes,
        createdAt: store.clock.now(),
      });
    }
    recordEvent(store, account.id, 'grant_approved', from, client.name);
  }
  return answer(client, scopes, issueCode(store, account, client, query, scopes));
}

/** `GET /tokens`: the user's grants keyed by client id. */
export function listGrants(store: Store, account: Account): GrantMap {
  const map: GrantMap = {};
  for (const grant of store.grants) {
    if (grant.accountId !== account.id) continue;
    const client = store.clients.get(grant.clientId);
    // Last used: the latest activity of a token the app holds for this user.
    let lastUsed: number | null = null;
    for (const row of store.tokens.values()) {
      if (row.accountId !== account.id || row.clientId !== grant.clientId) continue;
      lastUsed = Math.max(lastUsed ?? 0, row.lastSeenAt);
    }
    map[String(grant.clientId)] = {
      client_id: grant.clientId,
      name: client?.name ?? `Client ${grant.clientId}`,
      scopes: grant.scopes,
      granted_at: new Date(grant.createdAt).toISOString(),
      last_used_at: lastUsed === null ? null : new Date(lastUsed).toISOString(),
    };
  }
  return map;
}

/**
 * `DELETE /token/{client_id}`: the grant goes, and with it every token and
 * pending code the client holds for this user. False when there was nothing.
 */
export function revokeGrant(
  store: Store,
  account: Account,
  clientId: number,
  from: TokenRow,
): boolean {
  const before = store.grants.length;
  store.grants = store.grants.filter(
    (g) => !(g.accountId === account.id && g.clientId === clientId),
  );
  let found = store.grants.length !== before;
  for (const row of store.tokens.values()) {
    if (row.accountId === account.id && row.clientId === clientId && row.revokedAt === null) {
      revokeToken(store, row.token);
      found = true;
    }
  }
  for (const code of store.authCodes.values()) {
    if (code.accountId === account.id && code.clientId === clientId) code.used = true;
  }
  if (found) {
    const name = store.clients.get(clientId)?.name ?? `Client ${clientId}`;
    recordEvent(store, account.id, 'grant_revoked', from, name);
  }
  return found;
}

/** `GET /clients`: what the gateway needs to allow-list redirect targets. */
export function registeredClients(store: Store): RegisteredClient[] {
  return [...store.clients.values()]
    .filter((client) => !client.invalid)
    .map((client) => ({
      client_id: client.client_id,
      name: client.name,
      first_party: client.firstParty,
      redirect_uris: [...client.redirect_uris],
    }));
}

function oauthError(
  status: 400 | 401,
  error: OAuthErrorBody['error'],
  description: string,
): CodeExchangeResult {
  return {
    status,
    body: { code: error, message: description, error, error_description: description },
  };
}

function authenticateClient(store: Store, grant: AuthorizationCodeGrant): ClientRow | null {
  const client = store.clients.get(Number(grant.client_id));
  if (!client || client.invalid) return null;
  if (client.public) return grant.client_secret === undefined ? client : null;
  if (!client.secret || grant.client_secret === undefined) return null;
  return sameText(grant.client_secret, client.secret) ? client : null;
}

/** The authorization-code grant of `POST /token` (called by the token route). */
export function exchangeAuthorizationCode(
  store: Store,
  grant: AuthorizationCodeGrant,
): CodeExchangeResult {
  const client = authenticateClient(store, grant);
  if (!client) return oauthError(401, 'invalid_client', 'Client authentication failed.');

  const invalid = (why: string) => oauthError(400, 'invalid_grant', why);
  const row = store.authCodes.get(grant.code);
  if (!row || row.clientId !== client.client_id) {
    return invalid('The authorization code is invalid or expired.');
  }
  if (row.used) {
    // A replayed code may be stolen: the token it gave is revoked too.
    if (row.issuedToken) revokeToken(store, row.issuedToken);
    return invalid('The authorization code was already used.');
  }
  // Any attempt spends the code, so that a verifier cannot be guessed.
  row.used = true;
  const now = store.clock.now();
  if (row.expiresAt <= now) return invalid('The authorization code is invalid or expired.');
  if (row.redirectUri !== grant.redirect_uri) {
    return invalid('The redirect_uri differs from the authorisation request.');
  }
  if (row.codeChallenge !== null) {
    if (!grant.code_verifier || !sameText(s256(grant.code_verifier), row.codeChallenge)) {
      return invalid('The code_verifier does not match the code_challenge.');
    }
  } else if (grant.code_verifier !== undefined) {
    return invalid('No code_challenge was sent with the authorisation request.');
  }
  const account = store.accounts.get(row.accountId);
  const stillGranted =
    client.firstParty ||
    row.scopes.every((s) => findGrant(store, row.accountId, client.client_id)?.scopes.includes(s));
  if (!account || !stillGranted) return invalid('The grant was revoked.');

  const token = issueToken(
    store,
    account.id,
    {},
    { clientId: client.client_id, scopes: row.scopes },
  );
  token.expiresAt = now + PARTNER_TOKEN_TTL_S * 1000;
  row.issuedToken = token.token;
  return {
    status: 200,
    body: {
      access_token: token.token,
      token_type: 'Bearer',
      expires_in: PARTNER_TOKEN_TTL_S,
      scope: row.scopes.join(' '),
    },
  };
}
