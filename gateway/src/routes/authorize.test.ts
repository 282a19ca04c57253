import { findAccountByLogin, issueToken } from '@portal/mock-upstream';
import { PARTNER_GRANT, partnerClient } from '@portal/mock-upstream/test-partner';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testStack } from '../test-helpers';

// The partner's browser is on the gateway's own address: it is the portal's public origin.
const stack = testStack({ scope: 'file', listen: true });
let upstreamUrl: string;
beforeAll(() => {
  const address = stack.be.app.server.address();
  upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

const PARTNER_CALLBACK = 'http://127.0.0.1:5555/callback';

/** The session cookie of a signed-in demo user (signing in is tested elsewhere). */
function cookieOf(login: string): string {
  const account = findAccountByLogin(stack.be.store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  return `access_token=${issueToken(stack.be.store, account.id).token}`;
}

function authorizeUrl(params: Record<string, string>): URL {
  const url = new URL('/authorize', stack.base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
}

/** What the browser does on a partner's link: one request, the redirect not followed. */
async function visit(url: URL, cookie?: string) {
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

describe('GET /authorize with a real OAuth client', () => {
  it('completes authorization code + PKCE for partner 101 through consent', async () => {
    // docs/flows.md: a partner exchanges the code at the upstream's token endpoint.
    const partner = await partnerClient(stack.base, `${upstreamUrl}/token`);
    const { request, state } = partner;
    const cookie = cookieOf('partner@example.be');

    const first = await visit(request, cookie);
    expect(first.status).toBe(302);
    const approve = new URL(first.location, stack.base);
    // The request waits in the consent flow: the page's address carries none of it.
    expect(approve.pathname).toBe('/approve');
    expect(approve.search).toBe('');
    expect(request.searchParams.get('state')).toBe(state);

    // The /approve screen: what it shows, then the consent it sends.
    const headers = {
      cookie,
      'content-type': 'application/json',
      'x-device-id': stack.deviceId,
      origin: stack.base,
      'sec-fetch-site': 'same-origin',
    };
    const shown = await fetch(new URL(`/api/authorize${request.search}`, stack.base), {
      headers,
    });
    expect(await shown.json()).toMatchObject({
      approvalType: 'scopes',
      client: { client_id: 101, name: 'Partner Shop' },
      scopes: ['user', 'balance'],
    });
    const consent = await fetch(new URL('/api/authorize', stack.base), {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...Object.fromEntries(request.searchParams), approve: true }),
    });
    expect(consent.status).toBe(200);
    const { target } = (await consent.json()) as { target: string };

    const tokens = await partner.exchange(target);
    expect(tokens.scope).toBe('user balance');

    // Granted: the next visit goes straight back to the partner with a code.
    const second = await visit(request, cookie);
    expect(second.status).toBe(302);
    const back = new URL(second.location);
    expect(`${back.origin}${back.pathname}`).toBe(PARTNER_CALLBACK);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('code')).toBeTruthy();

    // The Access screen lists the app; revoking it kills the partner's token.
    expect(await (await fetch(new URL('/api/tokens', stack.base), { headers })).json()).toEqual({
      '101': PARTNER_GRANT,
    });
    const revoked = await fetch(new URL('/api/token/101', stack.base), {
      method: 'DELETE',
      headers: { ...headers, 'content-type': 'text/plain' },
    });
    expect(revoked.status).toBe(204);
    const user = await fetch(`${upstreamUrl}/user`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(user.status).toBe(401);
  });

  it('sends a first-party platform straight back with a code, no consent and no partner flag', async () => {
    const res = await visit(
      authorizeUrl({
        client_id: '17',
        redirect_uri: 'http://my.localhost:8003/callback',
        response_type: 'code',
        state: 'xyz',
      }),
      cookieOf('employee@example.be'),
    );
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^http:\/\/my\.localhost:8003\/callback\?code=[\w-]+&state=xyz$/);
  });
});

describe('GET /authorize, not signed in or misconfigured', () => {
  const partnerRequest = {
    client_id: '101',
    redirect_uri: PARTNER_CALLBACK,
    response_type: 'code',
    state: 'abc',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  };

  it('sends a browser without a session to sign in, keeping the request as the target', async () => {
    const res = await visit(authorizeUrl(partnerRequest));
    expect(res.status).toBe(302);
    const login = new URL(res.location, stack.base);
    expect(login.pathname).toBe('/login/email');
    expect(login.searchParams.get('partner')).toBe('1');
    const target = new URL(login.searchParams.get('target') ?? '', stack.base);
    expect(target.origin).toBe(stack.base);
    expect(target.pathname).toBe('/authorize');
    expect(Object.fromEntries(target.searchParams)).toEqual(partnerRequest);
  });

  it('treats a revoked session as no session, and clears its cookie', async () => {
    const cookie = cookieOf('partner@example.be');
    const token = cookie.split('=')[1] ?? '';
    stack.be.store.tokens.get(token)!.revokedAt = Date.now();
    const res = await fetch(authorizeUrl(partnerRequest), {
      redirect: 'manual',
      headers: { cookie },
    });
    expect(res.headers.get('location')).toMatch(/^\/login\/email\?target=/);
    expect(res.headers.get('set-cookie')).toMatch(/access_token=;/);
  });

  it('never redirects to an unregistered redirect URI or for an invalid client', async () => {
    const cookie = cookieOf('partner@example.be');
    for (const query of [
      { ...partnerRequest, redirect_uri: 'https://evil.example/callback' },
      { ...partnerRequest, redirect_uri: 'http://127.0.0.1:5555/callback/../evil' },
      { ...partnerRequest, client_id: '102' },
      { ...partnerRequest, client_id: '999' },
      { ...partnerRequest, client_id: 'abc' },
    ]) {
      for (const session of [undefined, cookie]) {
        const res = await visit(authorizeUrl(query), session);
        expect(res.status).toBe(302);
        expect(res.location).toMatch(/^\/approve\?error=invalid_configuration(&partner=1)?$/);
      }
    }
  });

  it('answers plain PKCE the OAuth way: back to the registered URI with an error', async () => {
    const res = await visit(
      authorizeUrl({ ...partnerRequest, code_challenge_method: 'plain' }),
      cookieOf('partner@example.be'),
    );
    const back = new URL(res.location);
    expect(`${back.origin}${back.pathname}`).toBe(PARTNER_CALLBACK);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('refuses a consent for an unregistered redirect URI with invalid_redirect_uri', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/authorize',
      headers: {
        host: 'be.localhost:3000',
        cookie: cookieOf('partner@example.be'),
        'x-device-id': stack.deviceId,
      },
      payload: { ...partnerRequest, redirect_uri: 'https://evil.example/cb', approve: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_redirect_uri');
  });

  it('a refusal leads back to the partner with access_denied', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/authorize',
      headers: {
        host: 'be.localhost:3000',
        cookie: cookieOf('employee@example.be'),
        'x-device-id': stack.deviceId,
      },
      payload: { ...partnerRequest, approve: false },
    });
    const back = new URL(res.json().target);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('abc');
  });
});

/**
 * The consent screen's plain HTML form (`POST /approve`): without JavaScript,
 * and with it, the gateway answers the consent flow's request and sends the
 * browser back to the partner (RFC 6749 §4.1.2.1). The whole journey, signed
 * out through the sign-in, is `flows/consent.test.ts`.
 */
describe('POST /approve, the consent as a form post', () => {
  const partnerRequest = {
    client_id: '101',
    redirect_uri: PARTNER_CALLBACK,
    response_type: 'code',
    state: 'st-123',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  };

  // A grant made by an earlier test would skip the consent.
  beforeEach(async () => {
    await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  });

  /** Partner Shop's link followed by a signed-in `login`: the session and the consent flow's cookies. */
  async function consentOf(login: string): Promise<{ session: string; flow: string }> {
    const session = cookieOf(login);
    const res = await fetch(authorizeUrl(partnerRequest), {
      redirect: 'manual',
      headers: { cookie: session },
    });
    expect(res.headers.get('location')).toBe('/approve');
    const flow = /(?:^|, )(flow=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!flow) throw new Error('no consent flow cookie');
    return { session, flow };
  }

  /** The form as the consent page posts it, from the portal's own page unless told. */
  async function post(
    fields: Record<string, string>,
    options: { cookie?: string; origin?: string | null; site?: string } = {},
  ) {
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.origin !== null) headers.origin = options.origin ?? stack.base;
    if (options.site) headers['sec-fetch-site'] = options.site;
    const res = await fetch(new URL('/approve', stack.base), {
      method: 'POST',
      redirect: 'manual',
      headers,
      body: new URLSearchParams(fields).toString(),
    });
    return {
      status: res.status,
      location: res.headers.get('location') ?? '',
      text: await res.text(),
    };
  }

  it('sends a refusal back to the partner with access_denied and its state (303)', async () => {
    const { session, flow } = await consentOf('employee@example.be');
    // As Chromium posts it from the page (Referrer-Policy no-referrer: Origin is "null").
    const res = await post(
      { approve: 'false' },
      { cookie: `${session}; ${flow}`, origin: 'null', site: 'same-origin' },
    );
    expect(res.status).toBe(303);
    const back = new URL(res.location);
    expect(back.origin + back.pathname).toBe(PARTNER_CALLBACK);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('sends an approval to the partner with a code and its state (303)', async () => {
    const { session, flow } = await consentOf('partner@example.be');
    const res = await post({ approve: 'true' }, { cookie: `${session}; ${flow}` });
    expect(res.status).toBe(303);
    const back = new URL(res.location);
    expect(back.origin + back.pathname).toBe(PARTNER_CALLBACK);
    expect(back.searchParams.get('code')).toMatch(/.{8,}/);
    expect(back.searchParams.get('state')).toBe('st-123');
  });

  it('answers nothing without a consent under way, whatever the form names', async () => {
    const res = await post(
      { ...partnerRequest, approve: 'true' },
      { cookie: cookieOf('partner@example.be') },
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe('/approve');
  });

  it('changes nothing for a form from another site (403 saying why)', async () => {
    const { session, flow } = await consentOf('partner@example.be');
    for (const options of [
      { origin: 'https://evil.example' },
      { origin: null, site: 'cross-site' },
      { origin: stack.base, site: 'same-site' },
      { origin: 'null' },
      { origin: null },
    ]) {
      const res = await post({ approve: 'true' }, { cookie: `${session}; ${flow}`, ...options });
      expect(res.status).toBe(403);
      expect(res.text).toContain("not sent from the portal's own page");
    }
  });

  it('sends a browser signed out meanwhile to sign in, the request kept as its target', async () => {
    const { flow } = await consentOf('partner@example.be');
    const res = await post({ approve: 'false' }, { cookie: flow });
    expect(res.status).toBe(303);
    const login = new URL(res.location, stack.base);
    expect(login.pathname).toBe('/login/email');
    const target = new URL(login.searchParams.get('target') ?? '', stack.base);
    expect(target.pathname).toBe('/authorize');
    expect(target.searchParams.get('state')).toBe('st-123');
    expect(target.searchParams.has('approve')).toBe(false);
  });

  it("lets the consent page's form leave for the flow's registered redirect URI only", async () => {
    const cspOf = async (cookie: string) => {
      const res = await fetch(new URL('/approve', stack.base), { headers: { cookie } });
      return res.headers.get('content-security-policy') ?? '';
    };
    const { session, flow } = await consentOf('partner@example.be');
    expect(await cspOf(`${session}; ${flow}`)).toContain(
      "form-action 'self' http://127.0.0.1:5555;",
    );
    // No consent under way: the page's forms stay on the portal.
    expect(await cspOf(session)).toContain("form-action 'self';");
  });
});
