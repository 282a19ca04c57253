import { beforeEach, describe, expect, it } from 'vitest';
import { cookieBrowser, DEMO_PASSWORD, lastCode, testStack } from '../test-helpers';

import { FLOW_COOKIE } from './store';

/*
 * A partner's authorisation as a journey the gateway owns (docs/flows.md,
 * "Partner authorisation"): signed out through the sign-in flow with the
 * request as its target, then the consent flow, whose form answers it;
 * through `app.inject`, against the real mock account API, as a browser that
 * keeps its cookies.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const HOST = 'be.localhost:3000';
const ORIGIN = `http://${HOST}`;
const CALLBACK = 'http://127.0.0.1:5555/callback';
const REQUEST = {
  client_id: '101',
  redirect_uri: CALLBACK,
  response_type: 'code',
  state: 'shop-state-7',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  scope: 'user balance',
};
const AUTHORIZE = `/authorize?${new URLSearchParams(REQUEST)}`;

/** A browser with its cookie jar; its page loads and form posts come from the portal's own page. */
function browser(start: Record<string, string> = {}) {
  const { jar, keep, cookie, call } = cookieBrowser(stack, { host: HOST, cookies: start });
  return {
    jar,
    /** A top-level navigation (the partner's link, a redirect followed). */
    visit: async (url: string) =>
      keep(await stack.gateway.inject({ url, headers: { host: HOST, cookie: cookie() } })),
    /** A portal call as the web app makes it. */
    api: call,
    /** The consent page's form, posted as Chromium posts it (no-referrer: Origin "null"). */
    answer: async (fields: Record<string, string>, site = 'same-origin') =>
      keep(
        await stack.gateway.inject({
          method: 'POST',
          url: '/approve',
          headers: {
            host: HOST,
            cookie: cookie(),
            origin: site === 'same-origin' ? 'null' : 'https://evil.example',
            'sec-fetch-site': site,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams(fields).toString(),
        }),
      ),
  };
}
type Browser = ReturnType<typeof browser>;

/** The flow this browser's cookie names, as the gateway stored it. */
async function storedFlow(b: Browser) {
  const id = b.jar.get(FLOW_COOKIE) ?? '';
  expect(id, 'a flow cookie').not.toBe('');
  return stack.gateway.flows.read<{ step: string }>(id);
}

/** Partner Shop's link, signed out, through the sign-in (password, e-mail code) to `/authorize` again. */
async function signInFromPartner(b: Browser): Promise<string> {
  const arrival = await b.visit(AUTHORIZE);
  expect(arrival.statusCode).toBe(302);
  const login = new URL(arrival.headers.location as string, ORIGIN);
  expect(login.pathname).toBe('/login/email');
  const target = login.searchParams.get('target') ?? '';
  const password = await b.api('POST', '/api/sign-in/password', {
    username: 'partner@example.be',
    password: DEMO_PASSWORD,
    target,
  });
  expect(password.json().next).toBe('/mfa');
  const code = await b.api('POST', '/api/sign-in/code', {
    code: lastCode(stack, 'partner@example.be'),
  });
  expect(code.statusCode).toBe(200);
  return code.json().next;
}

describe('partner authorise and consent, owned by the gateway', () => {
  it('signed out: sign-in with the request as its target, then consent in the language the journey began in, then the code', async () => {
    // The visitor reads French; the account's language is English.
    const b = browser({ lang: 'fr' });
    const next = await signInFromPartner(b);
    expect(next).toBe(AUTHORIZE);
    // The account's language takes over for later visits…
    expect(b.jar.get('lang')).toBe('en');
    // …and the journey goes on in French.
    const handedOver = await storedFlow(b);
    expect(handedOver).toMatchObject({ journey: 'consent', language: { chosen: 'fr' } });

    const asked = await b.visit(next);
    expect(asked.statusCode).toBe(302);
    // Nothing of the partner's request in the consent page's address.
    expect(asked.headers.location).toBe('/approve');
    const consent = await storedFlow(b);
    expect(consent).toMatchObject({
      journey: 'consent',
      language: { chosen: 'fr' },
      state: {
        step: 'consent',
        request: REQUEST,
        scopes: ['user', 'balance'],
        speaks: 'journey',
      },
    });

    const view = await b.api('GET', '/api/consent');
    expect(view.json()).toEqual({
      client: { client_id: 101, name: 'Partner Shop' },
      site: '127.0.0.1:5555',
      scopes: ['user', 'balance'],
      restart: AUTHORIZE,
    });

    const allowed = await b.answer({ approve: 'true' });
    expect(allowed.statusCode).toBe(303);
    const back = new URL(allowed.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('code')).toMatch(/.{8,}/);
    expect(back.searchParams.get('state')).toBe('shop-state-7');
    // Spent: the flow and its cookie are gone, the same answer does nothing again.
    expect(b.jar.has(FLOW_COOKIE)).toBe(false);
    expect((await b.api('GET', '/api/consent')).statusCode).toBe(410);
  });

  it('a refusal goes back to the partner with access_denied and its state, and grants nothing', async () => {
    const b = browser();
    await b.visit(await signInFromPartner(b));
    const refused = await b.answer({ approve: 'false' });
    expect(refused.statusCode).toBe(303);
    const back = new URL(refused.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('shop-state-7');
    expect(back.searchParams.has('code')).toBe(false);
    expect((await b.api('GET', '/api/tokens')).json()).toEqual({});
  });

  it('the form answers only the flow’s request: fields naming another are not read', async () => {
    const b = browser();
    await b.visit(await signInFromPartner(b));
    const res = await b.answer({
      approve: 'true',
      redirect_uri: 'https://evil.example/cb',
      state: 'forged',
    });
    const back = new URL(res.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('state')).toBe('shop-state-7');
  });

  it('refuses a consent form from another site, and keeps the consent for the real page', async () => {
    const b = browser();
    await b.visit(await signInFromPartner(b));
    for (const site of ['cross-site', 'same-site']) {
      const res = await b.answer({ approve: 'true' }, site);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain("not sent from the portal's own page");
    }
    expect((await b.api('GET', '/api/tokens')).json()).toEqual({});
    expect((await b.api('GET', '/api/consent')).statusCode).toBe(200);
  });

  it('an answer that is neither Allow nor Refuse is a 400 that says so', async () => {
    const b = browser();
    await b.visit(await signInFromPartner(b));
    const res = await b.answer({ approve: 'maybe' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('approve=true (Allow) or approve=false (Refuse)');
  });

  it('without a consent under way the answer changes nothing and the page says the request is over', async () => {
    const b = browser();
    await signInFromPartner(b);
    const res = await b.answer({ ...REQUEST, approve: 'true' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/approve');
    expect((await b.api('GET', '/api/tokens')).json()).toEqual({});
  });

  it('"Not you?" signs this account out and sends the request to the next sign-in', async () => {
    const b = browser();
    await b.visit(await signInFromPartner(b));
    const res = await b.answer({ account: 'switch' });
    expect(res.statusCode).toBe(303);
    const login = new URL(res.headers.location as string, ORIGIN);
    expect(login.pathname).toBe('/login/email');
    expect(login.searchParams.get('target')).toBe(AUTHORIZE);
    expect(b.jar.has('access_token')).toBe(false);
    expect((await b.api('GET', '/api/user')).statusCode).toBe(401);
  });

  it('an invalid partner configuration shows the spec message and never starts a consent', async () => {
    const b = browser();
    await b.visit(await signInFromPartner(b));
    for (const change of [{ client_id: '102' }, { redirect_uri: 'https://evil.example/cb' }]) {
      const res = await b.visit(`/authorize?${new URLSearchParams({ ...REQUEST, ...change })}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toMatch(/^\/approve\?error=invalid_configuration/);
    }
    // The earlier consent is still the one the form answers.
    expect((await b.api('GET', '/api/consent')).json().client.name).toBe('Partner Shop');
  });
});
