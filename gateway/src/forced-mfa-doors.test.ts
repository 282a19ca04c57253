import { beforeEach, describe, expect, it } from 'vitest';
import { cookieBrowser, DEMO_PASSWORD, lastCode, standInBuild, testStack } from './test-helpers';

/*
 * An account that must set up a second factor first (docs/flows.md, "Forced
 * MFA") is held to the setup by the gateway, whatever the page does: its API
 * calls, its visits to the account's pages and a first-party app's
 * authorisation; a partner's sign-in is never sent to the setup.
 */

const stack = testStack({ scope: 'file', config: { WEB_DIST: standInBuild('forced') } });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const HOST = 'be.localhost:3000';

/** A browser signed in with its password (an account without a second factor: no code asked). */
async function signedIn(username: string) {
  const b = cookieBrowser(stack);
  const res = await b.call('POST', '/api/sign-in/password', {
    username,
    password: DEMO_PASSWORD,
  });
  if (!b.jar.has('access_token')) throw new Error(`sign-in failed: ${res.body}`);
  /** Any call, the browser's cookies with it (`call` knows GET and POST only). */
  const send = (method: 'PATCH' | 'DELETE' | 'GET' | 'POST', url: string, payload?: object) =>
    stack.gateway.inject({
      method,
      url,
      headers: {
        host: HOST,
        'x-device-id': '00000000-0000-4000-8000-000000000001',
        cookie: b.cookie(),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  /** A top-level navigation to one of the portal's pages. */
  const visit = (url: string) =>
    stack.gateway.inject({
      url,
      headers: {
        host: HOST,
        cookie: b.cookie(),
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });
  return { ...b, after: res.json().next as string, send, visit };
}

/** The whole forced setup: the e-mail's code, the phone's, then "Continue to the platform". */
async function setUp(b: Awaited<ReturnType<typeof signedIn>>) {
  const step = (name: string, body: object = {}) => b.call('POST', `/api/forced-mfa/${name}`, body);
  await step('start');
  await step('begin');
  await step('send');
  await step('code', { code: lastCode(stack, 'forced@example.be') });
  await step('send');
  await step('code', { code: lastCode(stack, '+32470000004') });
  const end = await step('finish');
  expect(end.statusCode).toBe(200);
}

const AUTHORIZE = (clientId: string, redirectUri: string) =>
  `/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state: 'st-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })}`;

describe('an account that must set up a second factor first', () => {
  it('may call only the setup, the user and the journeys until it is set up, then anything', async () => {
    const b = await signedIn('forced@example.be');
    expect(b.after).toBe('/setup-mfa');
    expect((await b.send('GET', '/api/user')).statusCode).toBe(200);
    const held = [
      await b.send('PATCH', '/api/user', { firstname: 'Mallory' }),
      await b.send('GET', '/api/sessions'),
      await b.send('GET', '/api/trusted-devices'),
      await b.send('GET', '/api/tokens'),
      await b.send('POST', '/api/user/export', {}),
      await b.send('POST', '/api/user/login', { email: 'other@example.be' }),
    ];
    for (const res of held) {
      expect(res.statusCode, res.raw.req.url).toBe(403);
      expect(res.json(), res.raw.req.url).toEqual({
        code: 'mfa_setup_required',
        message: 'Set up two-step verification first.',
      });
    }
    // Nothing was changed behind the hold.
    expect((await b.send('GET', '/api/user')).json().data.firstname).not.toBe('Mallory');
    // The language alone may change (the header's switcher): the setup in the person's words.
    const language = await b.send('PATCH', '/api/user', { language: 'nl' });
    expect(language.statusCode).toBe(200);
    expect(language.json().data.language).toBe('nl');
    const both = await b.send('PATCH', '/api/user', { language: 'fr', firstname: 'Mallory' });
    expect(both.statusCode).toBe(403);

    await setUp(b);
    const changed = await b.send('PATCH', '/api/user', { firstname: 'Frida' });
    expect(changed.statusCode).toBe(200);
    expect((await b.send('GET', '/api/sessions')).statusCode).toBe(200);
  });

  it("is sent from the account's pages to the setup, the page as its target, and not from the setup's", async () => {
    const b = await signedIn('forced@example.be');
    for (const url of ['/user/dashboard', '/profile', '/security/history?page=2', '/partner']) {
      const res = await b.visit(url);
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location, url).toBe(
        `/setup-mfa?${new URLSearchParams({ redirect: url })}`,
      );
    }
    for (const url of ['/setup-mfa', '/setup-mfa/selection', '/security/review']) {
      expect((await b.visit(url)).statusCode, url).toBe(200);
    }
    await setUp(b);
    expect((await b.visit('/profile')).statusCode).toBe(200);
  });

  it("goes through the setup before a first-party app's authorisation, never before a partner's", async () => {
    const b = await signedIn('forced@example.be');
    const firstParty = AUTHORIZE('2', 'http://client.localhost:8004/callback');
    const own = await b.visit(firstParty);
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe(
      `/setup-mfa?${new URLSearchParams({ redirect: firstParty })}`,
    );
    const partner = await b.visit(AUTHORIZE('101', 'http://127.0.0.1:5555/callback'));
    expect(partner.headers.location ?? '').not.toMatch(/^\/setup-mfa/);
  });

  it('holds nobody else: an account with its second factor calls and visits as before', async () => {
    const b = await signedIn('customer@example.be');
    expect((await b.send('GET', '/api/sessions')).statusCode).toBe(200);
    expect((await b.visit('/profile')).statusCode).toBe(200);
  });
});
