import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { findAccountByLogin, issueToken, resetStore } from '../store';
import { tokenForm } from '../test-helpers';
import { PARTNER, PARTNER_GRANT, partnerClient } from '../test-partner';

const mock = buildMockUpstream({ region: 'be' });
const { app, store } = mock;
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
// RFC 7636 appendix B: the S256 challenge of VERIFIER.
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** A portal session of a demo user (sign-in itself is tested in auth.test.ts). */
function bearerOf(login: string): Record<string, string> {
  const account = findAccountByLogin(store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  return { authorization: `Bearer ${issueToken(store, account.id).token}` };
}

const authorizeQuery = (extra: Record<string, string> = {}) => ({
  ...PARTNER,
  response_type: 'code',
  state: 'partner-state-1',
  code_challenge: CHALLENGE,
  code_challenge_method: 'S256',
  ...extra,
});

const getAuthorize = (
  headers: Record<string, string>,
  query: Record<string, string> = authorizeQuery(),
) => app.inject({ url: '/authorize', query, headers });

const approve = (headers: Record<string, string>, approved: boolean, query = authorizeQuery()) =>
  app.inject({
    method: 'POST',
    url: '/authorize',
    headers,
    payload: { ...query, approve: approved },
  });

/** Consent given: the code the partner receives on its redirect URI. */
async function codeFor(headers: Record<string, string>, query = authorizeQuery()) {
  const res = await approve(headers, true, query);
  expect(res.statusCode).toBe(200);
  return new URL(res.json().target).searchParams.get('code') ?? '';
}

const exchange = (fields: Record<string, string>) =>
  tokenForm(mock, {
    grant_type: 'authorization_code',
    ...PARTNER,
    code_verifier: VERIFIER,
    ...fields,
  });

const userWith = (token: string) =>
  app.inject({ url: '/user', headers: { authorization: `Bearer ${token}` } });

describe('authorization code + PKCE with a real OAuth client library', () => {
  it('lets partner 101 obtain a token scoped to the grant, then skips consent next time', async () => {
    const partner = await partnerClient(baseUrl, `${baseUrl}/token`);
    const { request, state } = partner;
    const user = bearerOf('partner@example.be');

    // What the portal does for the signed-in user: ask, show the consent, send it.
    const asked = await fetch(request, { headers: user });
    expect(await asked.json()).toMatchObject({
      approvalType: 'scopes',
      target: null,
      client: { client_id: 101, name: 'Partner Shop' },
      scopes: ['user', 'balance'],
    });
    const consent = await fetch(new URL('/authorize', baseUrl), {
      method: 'POST',
      headers: { ...user, 'content-type': 'application/json' },
      body: JSON.stringify({ ...Object.fromEntries(request.searchParams), approve: true }),
    });
    const { target } = (await consent.json()) as { target: string };
    expect(target).toMatch(/^http:\/\/127\.0\.0\.1:5555\/callback\?code=/);

    const tokens = await partner.exchange(target);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.scope).toBe('user balance');
    expect(tokens.expires_in).toBe(3600);
    expect((await userWith(tokens.access_token)).statusCode).toBe(200);

    // Granted once: the next authorisation goes straight back with a code.
    const again = await fetch(request, { headers: user });
    const answer = (await again.json()) as { approvalType: string | null; target: string };
    expect(answer.approvalType).toBeNull();
    expect(new URL(answer.target).searchParams.get('state')).toBe(state);
    expect(new URL(answer.target).searchParams.get('code')).toBeTruthy();
  });
});

describe('authorization codes', () => {
  it('are single use: a replay fails and revokes the token the code gave', async () => {
    const code = await codeFor(bearerOf('partner@example.be'));
    const first = await exchange({ code });
    expect(first.statusCode).toBe(200);
    const replay = await exchange({ code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_grant');
    expect((await userWith(first.json().access_token)).statusCode).toBe(401);
  });

  it('expire after 10 minutes', async () => {
    const headers = bearerOf('partner@example.be');
    const fresh = await codeFor(headers);
    store.clock.advance(9 * 60_000);
    expect((await exchange({ code: fresh })).statusCode).toBe(200);

    const old = await codeFor(headers);
    store.clock.advance(10 * 60_000 + 1);
    const late = await exchange({ code: old });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('invalid_grant');
  });

  it('refuse a wrong code_verifier, and are spent by the attempt', async () => {
    const code = await codeFor(bearerOf('partner@example.be'));
    const wrong = await exchange({ code, code_verifier: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_grant');
    expect((await exchange({ code })).statusCode).toBe(400);
  });

  it('refuse a missing verifier and another redirect_uri', async () => {
    const headers = bearerOf('partner@example.be');
    const noVerifier = await tokenForm(mock, {
      grant_type: 'authorization_code',
      ...PARTNER,
      code: await codeFor(headers),
    });
    expect(noVerifier.json().code).toBe('invalid_grant');
    const otherUri = await exchange({
      code: await codeFor(headers),
      redirect_uri: 'http://127.0.0.1:5555/other',
    });
    expect(otherUri.json().code).toBe('invalid_grant');
  });

  it('are bound to their client: a confidential client needs its secret', async () => {
    const headers = bearerOf('employee@example.be');
    const firstParty = {
      client_id: '17',
      redirect_uri: 'http://my.localhost:8003/callback',
      response_type: 'code',
      state: 's',
    };
    const res = await getAuthorize(headers, firstParty);
    // First-party clients need no consent.
    expect(res.json().approvalType).toBeNull();
    const code = new URL(res.json().target).searchParams.get('code') ?? '';
    const asPartner = await exchange({ code });
    expect(asPartner.json().code).toBe('invalid_grant');

    const fields = { grant_type: 'authorization_code', code, ...firstParty };
    const form = (extra: Record<string, string>) =>
      tokenForm(mock, {
        grant_type: fields.grant_type,
        code,
        client_id: '17',
        redirect_uri: firstParty.redirect_uri,
        ...extra,
      });
    expect((await form({ client_secret: 'wrong' })).statusCode).toBe(401);
    const ok = await form({ client_secret: 'first-party-secret-17' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().scope).toBe('user userwrite balance history transaction');
  });
});

describe('GET /authorize', () => {
  it('refuses plain PKCE and a public client without PKCE, the OAuth way', async () => {
    const headers = bearerOf('partner@example.be');
    for (const query of [
      authorizeQuery({ code_challenge_method: 'plain', code_challenge: VERIFIER }),
      { ...PARTNER, response_type: 'code', state: 'partner-state-1' },
    ]) {
      const res = await getAuthorize(headers, query);
      expect(res.statusCode).toBe(200);
      const target = new URL(res.json().target);
      expect(target.origin + target.pathname).toBe(PARTNER.redirect_uri);
      expect(target.searchParams.get('error')).toBe('invalid_request');
      expect(target.searchParams.get('state')).toBe('partner-state-1');
      expect(target.searchParams.has('code')).toBe(false);
    }
    expect(store.authCodes.size).toBe(0);
  });

  it('answers 400 for an unregistered redirect URI or an invalid client, never a target', async () => {
    const headers = bearerOf('partner@example.be');
    const cases: [Record<string, string>, string][] = [
      [
        authorizeQuery({ redirect_uri: 'http://127.0.0.1:5555/callback/evil' }),
        'invalid_redirect_uri',
      ],
      [authorizeQuery({ redirect_uri: 'https://evil.example/callback' }), 'invalid_redirect_uri'],
      [authorizeQuery({ client_id: '102' }), 'invalid_client'],
      [authorizeQuery({ client_id: '999' }), 'invalid_client'],
    ];
    for (const [query, code] of cases) {
      const res = await getAuthorize(headers, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
      expect(res.body).not.toContain('target');
    }
  });

  it('refuses a scope the client is not registered for', async () => {
    const res = await getAuthorize(
      bearerOf('partner@example.be'),
      authorizeQuery({ scope: 'user payment' }),
    );
    expect(new URL(res.json().target).searchParams.get('error')).toBe('invalid_scope');
  });

  it('needs a portal session: no bearer is 401, a partner token 403 insufficient_scope', async () => {
    expect((await getAuthorize({})).statusCode).toBe(401);
    const partnerToken = (
      await exchange({ code: await codeFor(bearerOf('partner@example.be')) })
    ).json().access_token;
    const res = await getAuthorize({ authorization: `Bearer ${partnerToken}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('insufficient_scope');
  });
});

describe('consent and grants', () => {
  it('a refusal sends access_denied with the state and grants nothing', async () => {
    const headers = bearerOf('partner@example.be');
    const res = await approve(headers, false);
    const target = new URL(res.json().target);
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('state')).toBe('partner-state-1');
    expect(target.searchParams.has('code')).toBe(false);
    expect((await app.inject({ url: '/tokens', headers })).json()).toEqual({});
  });

  it('lists the grant, and revoking it kills the partner token', async () => {
    const headers = bearerOf('partner@example.be');
    const token = (await exchange({ code: await codeFor(headers) })).json().access_token;
    expect((await app.inject({ url: '/tokens', headers })).json()).toEqual({
      '101': PARTNER_GRANT,
    });
    // The app uses its token later: the grant says when, and still when it was given.
    const { granted_at: grantedAt } = (await app.inject({ url: '/tokens', headers })).json()['101'];
    store.clock.advance(60_000);
    const usedAt = store.clock.now();
    expect((await userWith(token)).statusCode).toBe(200);
    const used = (await app.inject({ url: '/tokens', headers })).json()['101'];
    expect(Date.parse(used.last_used_at)).toBeGreaterThanOrEqual(usedAt);
    expect(used.granted_at).toBe(grantedAt);
    expect(Date.parse(grantedAt)).toBeLessThan(usedAt);
    // A partner token cannot manage grants.
    const asPartner = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: '/tokens', headers: asPartner })).statusCode).toBe(403);

    const revoked = await app.inject({ method: 'DELETE', url: '/token/101', headers });
    expect(revoked.statusCode).toBe(204);
    expect((await userWith(token)).statusCode).toBe(401);
    expect((await app.inject({ url: '/tokens', headers })).json()).toEqual({});
    expect((await getAuthorize(headers)).json().approvalType).toBe('scopes');
    const again = await app.inject({ method: 'DELETE', url: '/token/101', headers });
    expect(again.statusCode).toBe(404);
  });

  it("revoking one user's grant leaves another user's token alive", async () => {
    const paul = bearerOf('partner@example.be');
    const emma = bearerOf('employee@example.be');
    const paulsToken = (await exchange({ code: await codeFor(paul) })).json().access_token;
    await codeFor(emma);
    expect(
      (await app.inject({ method: 'DELETE', url: '/token/101', headers: emma })).statusCode,
    ).toBe(204);
    expect((await userWith(paulsToken)).statusCode).toBe(200);
  });

  it('a code issued before the grant was revoked cannot be exchanged', async () => {
    const headers = bearerOf('partner@example.be');
    const code = await codeFor(headers);
    await app.inject({ method: 'DELETE', url: '/token/101', headers });
    expect((await exchange({ code })).json().code).toBe('invalid_grant');
  });
});

describe('GET /clients', () => {
  it('lists registered redirect URIs, not the misconfigured client', async () => {
    const { clients } = (await app.inject({ url: '/clients' })).json();
    expect(clients).toContainEqual({
      client_id: 101,
      name: 'Partner Shop',
      first_party: false,
      redirect_uris: ['http://127.0.0.1:5555/callback'],
    });
    expect(clients.map((c: { client_id: number }) => c.client_id)).not.toContain(102);
  });
});
