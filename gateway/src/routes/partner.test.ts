import { findAccountByLogin, issueToken } from '@portal/mock-upstream';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeMfa, DEMO_PASSWORD, standInBuild, testStack } from '../test-helpers';

// The app's page, for the provider's way back the gateway answers (a navigation).
const stack = testStack({ scope: 'file', config: { WEB_DIST: standInBuild('sso') } });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const HOST = 'be.localhost:3000';
const headers = (extra: Record<string, string> = {}) => ({
  host: HOST,
  'x-device-id': stack.deviceId,
  ...extra,
});

/** Starts the identity-provider login and follows the provider back to the portal. */
async function startSso(loginHint: string, target?: string) {
  const start = await stack.gateway.inject({
    url: '/api/sso/microsoft/login',
    query: { login_hint: loginHint, ...(target ? { target } : {}) },
    headers: headers(),
  });
  expect(start.statusCode).toBe(200);
  const stateCookie = start.cookies.find((c) => c.name === 'sso_state');
  expect(stateCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/sso' });
  const back = new URL(start.json().redirect);
  expect(`${back.origin}${back.pathname}`).toBe(`http://${HOST}/sso/microsoft/login/callback`);
  // The login's flow (its target) rides on the flow cookie, as a browser sends it back.
  const flow = start.cookies.find((c) => c.name === 'flow');
  return {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    cookie: `sso_state=${stateCookie?.value}${flow ? `; flow=${flow.value}` : ''}`,
  };
}

const link = (cookie: string, body: { username: string; password: string }) =>
  stack.gateway.inject({
    method: 'POST',
    url: '/api/user/link-account',
    headers: headers({ cookie }),
    payload: body,
  });

const callback = (body: { code: string; state: string }, cookie: string) =>
  stack.gateway.inject({
    method: 'POST',
    url: '/api/sso/microsoft/callback',
    headers: headers({ cookie }),
    payload: body,
  });

/** The provider sends the browser back: a top-level navigation to the callback address. */
const comeBack = (login: { code: string; state: string; cookie: string }, state = login.state) =>
  stack.gateway.inject({
    url: `/sso/microsoft/login/callback?${new URLSearchParams({ code: login.code, state })}`,
    headers: {
      host: HOST,
      cookie: login.cookie,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    },
  });

/** Links Sara's workplace login (password and second factor), as a first login would. */
async function linkSara() {
  const first = await startSso('sso@acme.example');
  await callback(first, first.cookie);
  const asked = await link(first.cookie, { username: 'sso@acme.example', password: DEMO_PASSWORD });
  return completeMfa(stack, asked, HOST);
}

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

    // The handle to link with stays in the login's flow on the gateway: never in the answer.
    expect(offered.json()).not.toHaveProperty('payload');
    const offer = await stack.gateway.inject({
      url: '/api/sso/offer',
      headers: headers({ cookie: first.cookie }),
    });
    expect(offer.json()).toEqual({
      provider: 'microsoft',
      status: 'not_linked',
      email: 'sso@acme.example',
      company: 'Acme',
    });
    const asked = await link(first.cookie, {
      username: 'sso@acme.example',
      password: DEMO_PASSWORD,
    });
    // The second factor first, on the sign-in's code page: its challenge stays on the gateway.
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'second_factor', next: '/mfa' });
    expect(asked.json().view.check).toMatchObject({ method: 'email' });
    expect(asked.body).not.toMatch(/payload|"mfa"/);
    const linked = await completeMfa(stack, asked, HOST);
    expect(linked.statusCode).toBe(200);
    // Linked and signed in by the sign-in flow's code step: on to link-success.
    expect(linked.json().next).toMatch(/^\/partner\/link-success/);
    const session = linked.cookies.find((c) => c.name === 'access_token');
    expect(session?.httpOnly).toBe(true);
    expect(linked.body).not.toContain(session?.value);

    const again = await startSso('sso@acme.example');
    const signedIn = await callback(again, again.cookie);
    expect(signedIn.json()).toEqual({
      status: 'linked',
      company: 'Acme',
      weak: false,
      next: '/user/dashboard',
    });
    const cookie = signedIn.cookies.find((c) => c.name === 'access_token');
    expect(cookie?.value).toBeTruthy();
    expect(signedIn.body).not.toContain(cookie?.value);
    const user = await stack.gateway.inject({
      url: '/api/user',
      headers: headers({ cookie: `access_token=${cookie?.value}` }),
    });
    expect(user.json().data.firstname).toBe('Sara');
  });

  it('a locked account: the linked workplace login opens no session, and names the reset journey', async () => {
    const linked = await linkSara();
    const session = linked.cookies.find((c) => c.name === 'access_token')?.value;
    const lock = await stack.gateway.inject({
      method: 'POST',
      url: '/api/account/lockdown',
      headers: headers({ cookie: `access_token=${session}`, origin: `http://${HOST}` }),
    });
    expect(lock.statusCode).toBe(200);
    const again = await startSso('sso@acme.example');
    const refused = await callback(again, again.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'password_reset_required',
      next: '/forgot-password/email',
    });
    expect(refused.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
  });

  it('ends a linked login at the target its flow kept on the gateway, checked when it started', async () => {
    await linkSara();
    const started = await startSso('sso@acme.example', '/user/access');
    const flow = (await callback(started, started.cookie)).json();
    expect(flow).toMatchObject({ status: 'linked', next: '/user/access' });
    // Another host, however it is spelled, was never a target: the dashboard.
    for (const target of ['/.//127.0.0.1:3399/x', '/%2e//evil.example', 'https://evil.example/']) {
      const other = await startSso('sso@acme.example', target);
      expect((await callback(other, other.cookie)).json().next, target).toBe('/user/dashboard');
    }
    // Without the flow's cookie (another browser), no target: the dashboard.
    const bare = await startSso('sso@acme.example', '/user/access');
    const cookie = bare.cookie.split('; ')[0] ?? '';
    expect((await callback(bare, cookie)).json().next).toBe('/user/dashboard');
  });

  it('a link made after its second factor goes to link-success, carrying the login’s target', async () => {
    const started = await startSso('sso@acme.example', '/user/access');
    await callback(started, started.cookie);
    const asked = await link(started.cookie, {
      username: 'sso@acme.example',
      password: DEMO_PASSWORD,
    });
    expect(asked.json().status).toBe('second_factor');
    const flow = asked.cookies.find((c) => c.name === 'flow')?.value;
    const read = await stack.gateway.inject({
      url: '/api/sign-in',
      headers: headers({ cookie: `flow=${flow}` }),
    });
    expect(read.json().target).toBe('/partner/link-success?target=%2Fuser%2Faccess');
  });

  it('links nothing without a workplace login waiting in this browser’s flow (410)', async () => {
    const started = await startSso('sso@acme.example');
    await callback(started, started.cookie);
    // Another browser (no flow cookie), or this one's flow gone: nothing to link, nothing asked.
    const elsewhere = await link('', { username: 'sso@acme.example', password: DEMO_PASSWORD });
    expect(elsewhere.statusCode).toBe(410);
    expect(elsewhere.json().code).toBe('flow_gone');
    const none = await stack.gateway.inject({ url: '/api/sso/offer', headers: headers() });
    expect(none.statusCode).toBe(410);
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
    const res = await link(started.cookie, { username: 'employee@example.be', password: 'x' });
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

describe("the provider's way back, a navigation the gateway answers", () => {
  it('goes on to the link offer, the options, or the signed-in page, with no script', async () => {
    const notLinked = await startSso('sso@acme.example');
    const offered = await comeBack(notLinked);
    expect(offered.statusCode).toBe(303);
    expect(offered.headers.location).toBe('/partner/link-existing');
    // The state is spent with the way back; the offer waits in the login's flow.
    expect(offered.cookies.find((c) => c.name === 'sso_state')?.value).toBe('');
    const offer = await stack.gateway.inject({
      url: '/api/sso/offer',
      headers: headers({ cookie: notLinked.cookie }),
    });
    expect(offer.json()).toMatchObject({ status: 'not_linked', email: 'sso@acme.example' });

    const nobody = await startSso('new.user@acme.example');
    expect((await comeBack(nobody)).headers.location).toBe('/partner/no-account');

    await linkSara();
    const linked = await comeBack(await startSso('sso@acme.example', '/user/access'));
    expect(linked.statusCode).toBe(303);
    expect(linked.headers.location).toBe('/user/access');
    const session = linked.cookies.find((c) => c.name === 'access_token');
    expect(session).toMatchObject({ httpOnly: true });
    expect(linked.body).not.toContain(session?.value);
  });

  it('answers a way back this browser did not start, or without its code, with the app and 400', async () => {
    const started = await startSso('sso@acme.example');
    const forged = await comeBack(started, 'someone-elses-state-value');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('<title>Account</title>');
    expect(forged.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    // The provider's own refusal (the person cancelled there): no code.
    const cancelled = await stack.gateway.inject({
      url: `/sso/microsoft/login/callback?error=access_denied&state=${started.state}`,
      headers: { host: HOST, cookie: started.cookie },
    });
    expect(cancelled.statusCode).toBe(400);
    const unknown = await stack.gateway.inject({
      url: `/sso/myspace/login/callback?code=${started.code}&state=${started.state}`,
      headers: { host: HOST, cookie: started.cookie },
    });
    expect(unknown.statusCode).toBe(400);
  });
});
