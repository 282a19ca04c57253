import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { findAccountByLogin, issueToken, resetStore } from '../store';

const { app, store } = buildMockUpstream({ region: 'be' });
afterAll(() => app.close());
beforeEach(() => resetStore(store));

const CALLBACK = 'http://be.localhost:3000/sso/microsoft/login/callback';
const STATE = 'state-of-the-gateway-0001';

function bearerOf(login: string): Record<string, string> {
  const account = findAccountByLogin(store, login);
  if (!account) throw new Error(`no demo account ${login}`);
  return { authorization: `Bearer ${issueToken(store, account.id).token}` };
}

/** Start at the provider and follow it back: the code the portal's callback receives. */
async function idpCode(loginHint?: string): Promise<string> {
  const res = await app.inject({
    url: '/sso/microsoft/login',
    query: {
      redirect_uri: CALLBACK,
      state: STATE,
      ...(loginHint ? { login_hint: loginHint } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  const back = new URL(res.json().redirect);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe(STATE);
  return back.searchParams.get('code') ?? '';
}

const callback = (code: string) =>
  app.inject({ method: 'POST', url: '/sso/microsoft/callback', payload: { code } });

const link = (payload: string, username: string, password = DEMO_PASSWORD) =>
  app.inject({
    method: 'POST',
    url: '/user/link-account',
    payload: { payload, username, password },
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' },
  });

describe('identity-provider login', () => {
  it('tells the login screen that an Acme address belongs to the beta company', async () => {
    const acme = await app.inject({
      url: '/sso/discover',
      query: { login: 'Someone@ACME.example' },
    });
    expect(acme.json()).toEqual({ company: 'Acme', provider: 'microsoft' });
    const other = await app.inject({
      url: '/sso/discover',
      query: { login: 'employee@example.be' },
    });
    expect(other.json()).toEqual({ company: null, provider: null });
  });

  it('offers to link an existing account, links it with its password, then signs in directly', async () => {
    const first = await callback(await idpCode('sso@acme.example'));
    expect(first.json()).toMatchObject({
      status: 'not_linked',
      email: 'sso@acme.example',
      company: 'Acme',
    });

    const linked = await link(first.json().payload, 'sso@acme.example');
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ status: 'linked', company: 'Acme' });
    const user = await app.inject({
      url: '/user',
      headers: { authorization: `Bearer ${linked.json().access_token}` },
    });
    expect(user.json().data.firstname).toBe('Sara');

    const next = await callback(await idpCode('sso@acme.example'));
    expect(next.json()).toMatchObject({ status: 'linked', company: 'Acme' });
    expect(next.json().access_token).not.toBe(linked.json().access_token);
  });

  it('says no account for an unknown identity, which can still be linked to an account', async () => {
    const res = await callback(await idpCode('new.hire@acme.example'));
    expect(res.json()).toMatchObject({ status: 'no_account', company: 'Acme' });
    const linked = await link(res.json().payload, 'employee@example.be');
    expect(linked.json().status).toBe('linked');
    expect(findAccountByLogin(store, 'employee@example.be')?.sso_email).toBe(
      'new.hire@acme.example',
    );
  });

  it('spends the provider code once and refuses it for another provider', async () => {
    const code = await idpCode('sso@acme.example');
    const other = await app.inject({
      method: 'POST',
      url: '/sso/google/callback',
      payload: { code },
    });
    expect(other.statusCode).toBe(400);
    expect((await callback(code)).statusCode).toBe(200);
    const replay = await callback(code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_sso_code');
  });

  it('refuses a callback URI that is not the portal callback of the provider', async () => {
    const res = await app.inject({
      url: '/sso/microsoft/login',
      query: { redirect_uri: 'https://evil.example/steal', state: STATE },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_redirect_uri');
  });

  it('refuses a wrong password and locks after five failures with Retry-After', async () => {
    const { payload } = (await callback(await idpCode('sso@acme.example'))).json();
    const wrong = await link(payload, 'sso@acme.example', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid username/password.');
    for (let i = 0; i < 4; i++) await link(payload, 'sso@acme.example', 'not-the-password');
    const locked = await link(payload, 'sso@acme.example');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    store.clock.advance(15 * 60_000 + 1);
    expect((await link(payload, 'sso@acme.example')).statusCode).toBe(200);
  });

  it('refuses an identity already linked to another account', async () => {
    const a = (await callback(await idpCode('sso@acme.example'))).json().payload;
    const b = (await callback(await idpCode('sso@acme.example'))).json().payload;
    expect((await link(a, 'sso@acme.example')).statusCode).toBe(200);
    const second = await link(b, 'employee@example.be');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('identity_already_linked');
  });

  it('refuses an unknown or expired link payload', async () => {
    const { payload } = (await callback(await idpCode('sso@acme.example'))).json();
    store.clock.advance(31 * 60_000);
    expect((await link(payload, 'sso@acme.example')).json().code).toBe('invalid_payload');
  });
});

describe('partner access request', () => {
  it('is recorded once for a signed-in user without partner access', async () => {
    const headers = bearerOf('employee@example.be');
    const first = await app.inject({
      method: 'POST',
      url: '/partner/access-request',
      headers,
      payload: { message: 'I run the canteen' },
    });
    expect(first.statusCode).toBe(200);
    store.clock.advance(60_000);
    const again = await app.inject({
      method: 'POST',
      url: '/partner/access-request',
      headers,
      payload: {},
    });
    expect(again.json().requested_at).toBe(first.json().requested_at);
    expect(store.accessRequests).toHaveLength(1);
  });

  it('answers 409 for a user who has partner access and 401 without a session', async () => {
    const has = await app.inject({
      method: 'POST',
      url: '/partner/access-request',
      headers: bearerOf('partner@example.be'),
      payload: {},
    });
    expect(has.statusCode).toBe(409);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/partner/access-request',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
