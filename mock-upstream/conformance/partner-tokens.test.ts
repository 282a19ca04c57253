import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  api,
  baseUrl,
  bearer,
  forwarded,
  resetWhenMock,
  signInWithCode,
  totpNow,
} from './harness';

/**
 * What a partner's token may do (docs/threat-model.md, "What the gateway
 * relies on"): the scopes it was granted and nothing more, and never a
 * hand-over into a portal session. Every answer that starts a session carries
 * `password_status`, so that the gateway can confine a weak one.
 *
 * The partner is a public client with PKCE (`CONFORMANCE_PARTNER_CLIENT_ID`,
 * default 101 with the scopes `user balance`, and its registered
 * `CONFORMANCE_PARTNER_REDIRECT_URI`); the user is the authenticator account.
 */
resetWhenMock();

const clientId = process.env.CONFORMANCE_PARTNER_CLIENT_ID || '101';
const redirectUri =
  process.env.CONFORMANCE_PARTNER_REDIRECT_URI || 'http://127.0.0.1:5555/callback';

let portalToken: string;
let partnerToken: string;

/** The partner's authorisation-code flow with PKCE S256, as a partner app runs it. */
async function partnerTokenFor(userToken: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const query = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state: 'conformance',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  };
  const headers = { ...forwarded('192.0.2.41'), ...bearer(userToken) };
  let answer = await api.grants.authorize({ query, extraHeaders: headers });
  if (answer.status === 200 && answer.body.approvalType === 'scopes') {
    answer = await api.grants.approve({ body: { ...query, approve: true }, extraHeaders: headers });
  }
  if (answer.status !== 200 || !answer.body.target) {
    throw new Error(`authorize: expected a target with a code, got ${answer.status}`);
  }
  const code = new URL(answer.body.target).searchParams.get('code');
  if (!code) throw new Error('authorize: the target carries no code');
  const exchange = await fetch(`${baseUrl}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }),
  });
  const body = (await exchange.json()) as { access_token?: string };
  if (exchange.status !== 200 || !body.access_token) {
    throw new Error(`code exchange: ${exchange.status}`);
  }
  return body.access_token;
}

beforeAll(async () => {
  const { login, secret } = accounts.totp;
  const signedIn = await signInWithCode(login, await totpNow(secret), forwarded('192.0.2.40'));
  if (signedIn.status !== 200 || !('access_token' in signedIn.body)) {
    throw new Error(`sign-in failed: ${signedIn.status}`);
  }
  // A session answer always says how strong its password is.
  expect(signedIn.body).toHaveProperty('password_status');
  expect(typeof (signedIn.body as { password_status: unknown }).password_status).toBe('number');
  portalToken = signedIn.body.access_token;
  partnerToken = await partnerTokenFor(portalToken);
});

describe("a partner's token", () => {
  it('reads the user its `user` scope names', async () => {
    const res = await api.profile.getUser({ extraHeaders: bearer(partnerToken) });
    expect(res.status).toBe(200);
  });

  it('cannot change the user without `userwrite`', async () => {
    const res = await api.profile.updateUser({
      body: { firstname: 'Mallory' },
      extraHeaders: { ...forwarded('192.0.2.42'), ...bearer(partnerToken) },
    });
    expect(res.status).toBe(403);
    const after = await api.profile.getUser({ extraHeaders: bearer(portalToken) });
    expect(after.status === 200 && after.body.data.firstname).not.toBe('Mallory');
  });

  it("cannot list the user's grants, second factors or sessions", async () => {
    const headers = { ...forwarded('192.0.2.43'), ...bearer(partnerToken) };
    expect((await api.grants.listGrants({ extraHeaders: headers })).status).toBe(403);
    expect((await api.mfa.listMethods({ query: {}, extraHeaders: headers })).status).toBe(403);
    expect((await api.sessions.listSessions({ extraHeaders: headers })).status).toBe(403);
  });

  it('is never turned into a hand-over token (the way into a portal session)', async () => {
    const res = await api.auth.createHandoverToken({
      extraHeaders: { ...forwarded('192.0.2.44'), ...bearer(partnerToken) },
    });
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('token');
  });
});

describe("the portal's own session", () => {
  it('gets a hand-over token, and the hand-over names the portal as its minter', async () => {
    const handover = await api.auth.createHandoverToken({
      extraHeaders: { ...forwarded('192.0.2.45'), ...bearer(portalToken) },
    });
    expect(handover.status).toBe(201);
    if (handover.status !== 201) return;
    const signedIn = await api.auth.loginByHash({
      body: { token: handover.body.token },
      extraHeaders: forwarded('192.0.2.46'),
    });
    expect(signedIn.status).toBe(200);
    if (signedIn.status !== 200) return;
    // Null (the portal) or a first-party client: what the gateway checks before a session.
    expect([null, 2, 17, 51, 66]).toContain(signedIn.body.client_id);
    expect(typeof signedIn.body.password_status).toBe('number');
  });
});
