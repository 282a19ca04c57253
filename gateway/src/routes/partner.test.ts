import { findAccountByLogin, issueToken } from '@portal/mock-upstream';
import { describe, expect, it } from 'vitest';
import { completeMfa, DEMO_PASSWORD, fileStack } from '../test-helpers';

const stack = fileStack();

const HOST = 'be.localhost:3000';
const headers = (extra: Record<string, string> = {}) => ({
  host: HOST,
  'x-device-id': stack.deviceId,
  ...extra,
});

/** Starts the identity-provider login and follows the provider back to the portal. */
async function startSso(loginHint: string) {
  const start = await stack.gateway.inject({
    url: '/api/sso/microsoft/login',
    query: { login_hint: loginHint },
    headers: headers(),
  });
  expect(start.statusCode).toBe(200);
  const stateCookie = start.cookies.find((c) => c.name === 'sso_state');
  expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/sso' });
  const back = new URL(start.json().redirect);
  expect(`${back.origin}${back.pathname}`).toBe(`http://${HOST}/sso/microsoft/login/callback`);
  return {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    cookie: `sso_state=${stateCookie?.value}`,
  };
}

const callback = (body: { code: string; state: string }, cookie: string) =>
  stack.gateway.inject({
    method: 'POST',
    url: '/api/sso/microsoft/callback',
    headers: headers({ cookie }),
    payload: body,
  });

describe('identity-provider login through the gateway', () => {
  it('tells the login screen the beta company of an address', async () => {
    const res = await stack.gateway.inject({
      url: '/api/sso/discover',
      query: { login: 'sso@acme.example' },
      headers: headers(),
    });
    expect(res.json()).toEqual({ company: 'Acme', provider: 'microsoft' });
  });

  it('offers to link, links with the password and second factor into a cookie session, then signs in directly', async () => {
    const first = await startSso('sso@acme.example');
    const offered = await callback(first, first.cookie);
    expect(offered.json()).toMatchObject({ status: 'not_linked', company: 'Acme' });

    const asked = await stack.gateway.inject({
      method: 'POST',
      url: '/api/user/link-account',
      headers: headers(),
      payload: {
        payload: offered.json().payload,
        username: 'sso@acme.example',
        password: DEMO_PASSWORD,
      },
    });
    expect(asked.statusCode).toBe(401);
    const linked = await completeMfa(stack, asked.json().mfa, HOST);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ signed_in: true, weak: false });
    const session = linked.cookies.find((c) => c.name === 'access_token');
    expect(session?.httpOnly).toBe(true);
    expect(linked.body).not.toContain(session?.value);

    const again = await startSso('sso@acme.example');
    const signedIn = await callback(again, again.cookie);
    expect(signedIn.json()).toEqual({ status: 'linked', company: 'Acme', weak: false });
    const cookie = signedIn.cookies.find((c) => c.name === 'access_token');
    expect(cookie?.value).toBeTruthy();
    expect(signedIn.body).not.toContain(cookie?.value);
    const user = await stack.gateway.inject({
      url: '/api/user',
      headers: headers({ cookie: `access_token=${cookie?.value}` }),
    });
    expect(user.json().data.firstname).toBe('Sara');
  });

  it('refuses a callback whose state was not started in this browser', async () => {
    const started = await startSso('sso@acme.example');
    const forged = await callback(started, 'sso_state=someone-elses-state-value');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('sso_state');
    const noCookie = await callback(started, '');
    expect(noCookie.statusCode).toBe(400);
  });

  it('answers a wrong link password with the sign-in message', async () => {
    const started = await startSso('new.hire@acme.example');
    const offered = await callback(started, started.cookie);
    expect(offered.json().status).toBe('no_account');
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/user/link-account',
      headers: headers(),
      payload: { payload: offered.json().payload, username: 'employee@example.be', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid username/password.');
    expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
  });
});

describe('partner access request through the gateway', () => {
  it('is recorded for the signed-in user', async () => {
    const account = findAccountByLogin(stack.be.store, 'employee@example.be');
    const token = issueToken(stack.be.store, account?.id ?? 0).token;
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/partner/access-request',
      headers: headers({ cookie: `access_token=${token}`, 'content-type': 'application/json' }),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(stack.be.store.accessRequests).toEqual([
      expect.objectContaining({ accountId: account?.id }),
    ]);
  });

  it('is refused from another site', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/partner/access-request',
      headers: headers({ 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' }),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
