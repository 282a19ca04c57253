import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMockUpstream } from '../app';
import { DEMO_PASSWORD } from '../seed';
import { findAccountByLogin, issueToken, resetStore } from '../store';
import { deviceHeaders, lastCode } from '../test-helpers';

const mock = buildMockUpstream({ region: 'be' });
const { app, store } = mock;
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

/**
 * The link's second step: the 401's sign-in challenge, answered with the code
 * the account's e-mail method receives (`POST /mfa/sudo`), which links and signs in.
 */
async function secondFactor(asked: { json(): unknown }, headers = deviceHeaders()) {
  const { payload, methods } = (
    asked.json() as { mfa: { payload: string; methods: { id: number; method: string }[] } }
  ).mfa;
  const email = methods.find((m) => m.method === 'email');
  if (!email) throw new Error('no e-mail method offered');
  const started = await app.inject({
    url: `/mfa/sudo?payload=${encodeURIComponent(payload)}&mfaId=${email.id}`,
    headers,
  });
  expect(started.statusCode).toBe(200);
  const to = store.mfaMethods.get(email.id)?.target ?? '';
  return app.inject({
    method: 'POST',
    url: '/mfa/sudo',
    headers,
    payload: { payload, code: lastCode(mock, to) },
  });
}

/** Password, then second factor: the whole link. */
async function linkFully(payload: string, username: string) {
  const asked = await link(payload, username);
  expect(asked.statusCode).toBe(401);
  return secondFactor(asked);
}

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

  it('offers to link an existing account, links it with its password and second factor, then signs in directly', async () => {
    const first = await callback(await idpCode('sso@acme.example'));
    expect(first.json()).toMatchObject({
      status: 'not_linked',
      email: 'sso@acme.example',
      company: 'Acme',
    });

    const linked = await linkFully(first.json().payload, 'sso@acme.example');
    expect(linked.statusCode).toBe(200);
    const user = await app.inject({
      url: '/user',
      headers: { authorization: `Bearer ${linked.json().access_token}` },
    });
    expect(user.json().data.firstname).toBe('Sara');

    const next = await callback(await idpCode('sso@acme.example'));
    expect(next.json()).toMatchObject({ status: 'linked', company: 'Acme', password_status: 0 });
    expect(next.json().access_token).not.toBe(linked.json().access_token);
  });

  it('says no account for an unknown identity, which can still be linked to an account', async () => {
    const res = await callback(await idpCode('new.hire@acme.example'));
    expect(res.json()).toMatchObject({ status: 'no_account', company: 'Acme' });
    const linked = await linkFully(res.json().payload, 'employee@example.be');
    expect(linked.statusCode).toBe(200);
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
    const fresh = (await callback(await idpCode('sso@acme.example'))).json().payload;
    const locked = await link(fresh, 'sso@acme.example');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    store.clock.advance(15 * 60_000 + 1);
    expect((await link(fresh, 'sso@acme.example')).statusCode).toBe(401);
  });

  it('spends a link payload after five wrong passwords, whoever they were for', async () => {
    const { payload } = (await callback(await idpCode('new.hire@acme.example'))).json();
    // Five guesses spread over accounts lock none of them, and still spend the payload.
    for (const login of ['employee@example.be', 'totp@example.be', 'customer@example.be']) {
      expect((await link(payload, login, 'guess-1')).statusCode).toBe(400);
    }
    expect((await link(payload, 'employee@example.be', 'guess-2')).statusCode).toBe(400);
    expect((await link(payload, 'totp@example.be', 'guess-2')).statusCode).toBe(400);
    const right = await link(payload, 'customer@example.be');
    expect(right.statusCode).toBe(400);
    expect(right.json().code).toBe('invalid_payload');
  });

  it("asks for the account's second factor before linking anything or signing in, even on a trusted device", async () => {
    const account = findAccountByLogin(store, 'employee@example.be');
    const headers = deviceHeaders();
    store.trustedDevices.push({
      id: 999,
      accountId: account?.id ?? -1,
      deviceId: headers['x-device-id'],
      since: store.clock.now(),
      until: store.clock.now() + 86_400_000,
    });
    const tokensBefore = store.tokens.size;
    const { payload } = (await callback(await idpCode('outsider@acme.example'))).json();
    const asked = await app.inject({
      method: 'POST',
      url: '/user/link-account',
      headers,
      payload: { payload, username: 'employee@example.be', password: DEMO_PASSWORD },
    });
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).not.toHaveProperty('access_token');
    expect(asked.json().mfa.methods.map((m: { method: string }) => m.method)).toContain('email');
    expect(account?.sso_email).toBeNull();
    expect(store.tokens.size).toBe(tokensBefore);
    // The identity provider alone still signs in as nobody.
    const again = await callback(await idpCode('outsider@acme.example'));
    expect(again.json().status).toBe('no_account');

    const wrong = await app.inject({
      method: 'POST',
      url: '/mfa/sudo',
      headers,
      payload: { payload: asked.json().mfa.payload, code: '00000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(account?.sso_email).toBeNull();

    const done = await secondFactor(asked, headers);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ password_status: 0 });
    expect(account?.sso_email).toBe('outsider@acme.example');
  });

  it('announces the link by e-mail and in the history, and removes it on request', async () => {
    const { payload } = (await callback(await idpCode('sso@acme.example'))).json();
    const done = await linkFully(payload, 'sso@acme.example');
    const account = findAccountByLogin(store, 'sso@acme.example');
    const notice = store.outbox.findLast((m) => m.to === 'sso@acme.example' && m.code === '');
    expect(notice?.subject).toBe('A workplace login was linked to your account');
    expect(notice?.text).toContain('sso@acme.example');
    expect(store.history.filter((e) => e.accountId === account?.id).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['sso_linked', 'login']),
    );

    const headers = { authorization: `Bearer ${done.json().access_token}` };
    const removed = await app.inject({ method: 'DELETE', url: '/user/sso', headers });
    expect(removed.statusCode).toBe(204);
    expect(account?.sso_email).toBeNull();
    expect(store.history.at(-1)).toMatchObject({
      kind: 'sso_unlinked',
      detail: 'sso@acme.example',
    });
    expect(store.outbox.at(-1)?.subject).toBe('A workplace login was removed from your account');
    // The workplace login no longer signs in.
    expect((await callback(await idpCode('sso@acme.example'))).json().status).toBe('not_linked');
    const twice = await app.inject({ method: 'DELETE', url: '/user/sso', headers });
    expect(twice.statusCode).toBe(404);
  });

  it('says the password is weak on the identity-provider sign-in of a weak account', async () => {
    const { payload } = (await callback(await idpCode('weak.hire@acme.example'))).json();
    const linked = await linkFully(payload, 'weak@example.be');
    expect(linked.json().password_status).toBe(1);
    const next = await callback(await idpCode('weak.hire@acme.example'));
    expect(next.json()).toMatchObject({ status: 'linked', password_status: 1 });
  });

  it('refuses an identity already linked to another account', async () => {
    const a = (await callback(await idpCode('sso@acme.example'))).json().payload;
    const b = (await callback(await idpCode('sso@acme.example'))).json().payload;
    expect((await linkFully(a, 'sso@acme.example')).statusCode).toBe(200);
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
  /** `POST /partner/access-request` with the session of `headers` (none when empty). */
  const requestAccess = (headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: '/partner/access-request', headers, payload });

  it('is recorded once for a signed-in user without partner access', async () => {
    const headers = bearerOf('employee@example.be');
    const first = await requestAccess(headers, { message: 'I run the canteen' });
    expect(first.statusCode).toBe(200);
    store.clock.advance(60_000);
    const again = await requestAccess(headers, {});
    expect(again.json().requested_at).toBe(first.json().requested_at);
    expect(store.accessRequests).toHaveLength(1);
  });

  it('answers 409 for a user who has partner access and 401 without a session', async () => {
    const has = await requestAccess(bearerOf('partner@example.be'), {});
    expect(has.statusCode).toBe(409);
    const anonymous = await requestAccess({}, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
