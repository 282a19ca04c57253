import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';

/** Partner 101 of the seed (Partner Shop): its client id and its registered redirect URI. */
export const PARTNER = { client_id: '101', redirect_uri: 'http://127.0.0.1:5555/callback' };

/**
 * The grant of partner 101 once the user consented to `user balance` and a
 * code was exchanged, as `GET /tokens` lists it (its times vary).
 */
export const PARTNER_GRANT = {
  client_id: 101,
  name: 'Partner Shop',
  scopes: ['user', 'balance'],
  granted_at: expect.any(String),
  last_used_at: expect.any(String),
};

/**
 * Partner 101 as a real OAuth client library (oauth4webapi) runs the
 * authorization code flow with PKCE against `issuer` (whose `/authorize`
 * the browser is sent to): the request it sends the browser with, asking
 * for `user balance`, and its side of the redirect back (the state checked,
 * the code exchanged with the verifier at `tokenEndpoint`).
 */
export async function partnerClient(issuer: string, tokenEndpoint: string) {
  const as: oauth.AuthorizationServer = {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: tokenEndpoint,
  };
  const client: oauth.Client = { client_id: PARTNER.client_id };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const request = new URL(`${issuer}/authorize`);
  for (const [key, value] of Object.entries({
    ...PARTNER,
    response_type: 'code',
    scope: 'user balance',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })) {
    request.searchParams.set(key, value);
  }
  return {
    request,
    state,
    /** The partner's server: checks the redirect's state, exchanges its code for tokens. */
    async exchange(target: string) {
      const params = oauth.validateAuthResponse(as, client, new URL(target), state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        PARTNER.redirect_uri,
        verifier,
        { [oauth.allowInsecureRequests]: true },
      );
      return oauth.processAuthorizationCodeResponse(as, client, response);
    },
  };
}
