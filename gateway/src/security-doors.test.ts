// Cross-cutting (CSRF, origin, auth and MFA at once), so it stays here, beside no one plugin.

import { MFA_PAUSE, portalApi } from '@portal/contract';
import { DEMO_TOTP_SECRET, totpCode } from '@portal/mock-upstream';
import getPort from 'get-port';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  browserHeaders,
  flowOf,
  flowStep,
  passwordSignIn,
  pathOf,
  routesOf,
  signIn,
  testStack,
} from './test-helpers';

/**
 * The side doors of docs/threat-model.md as the gateway holds them: no
 * portal call reachable by a cross-site navigation, the wrong-address answer
 * with the same headers as every page, the exact Host, a hash link that never
 * switches accounts silently, and a paused second factor that says how long.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

describe('a cross-site navigation reaches no portal call', () => {
  it('refuses every route of the portal contract without X-Device-ID, reads included', async () => {
    const token = await signIn(stack);
    const routes = routesOf(portalApi);
    expect(routes.length).toBeGreaterThan(60);
    const sent = stack.be.store.outbox.length;
    for (const route of routes) {
      // What a top-level navigation (a link, a form) from another site carries:
      // the Lax session cookie, Sec-Fetch-Site cross-site, and no custom header.
      const res = await stack.gateway.inject({
        method: route.method as 'GET',
        url: pathOf(route),
        headers: { host: 'be.localhost:3000', 'sec-fetch-site': 'cross-site' },
        cookies: { access_token: token },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const name = `${route.method} ${route.path}`;
      expect(res.statusCode, name).toBe(403);
      expect(res.json().code, name).toBe('csrf');
    }
    // The sign-in's and step-up's starts (`POST /api/sign-in/password`, `/api/step-up/start`) sent no code.
    expect(stack.be.store.outbox.length).toBe(sent);
  });

  it('lets only the two reads the page preloads through without X-Device-ID, same-origin', async () => {
    const token = await signIn(stack);
    const through: string[] = [];
    for (const route of routesOf(portalApi)) {
      // A preload of the page: same-origin, no custom header possible.
      const res = await stack.gateway.inject({
        method: route.method as 'GET',
        url: pathOf(route),
        headers: { host: 'be.localhost:3000', 'sec-fetch-site': 'same-origin' },
        cookies: { access_token: token },
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403) through.push(`${route.method} ${route.path}`);
    }
    expect(through.sort()).toEqual(['GET /api/config', 'GET /api/user']);
  });

  it('refuses a read from another site even with a device id', async () => {
    const res = await stack.gateway.inject({
      url: '/api/step-up',
      headers: { ...apiHeaders(), 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
  });
});

describe('the wrong-address answer', () => {
  it('carries the page headers on its page and the API headers on its JSON', async () => {
    const page = await stack.gateway.inject({
      url: '/login/email',
      headers: { host: 'portal.evil.example', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(421);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const call = await stack.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('portal.evil.example'),
    });
    expect(call.statusCode).toBe(421);
    expect(call.headers['content-security-policy']).toContain("default-src 'none'");
    expect(call.headers['cache-control']).toBe('no-store');
    expect(call.headers['x-frame-options']).toBe('DENY');
  });

  it('is given to a configured name on another port: Host must match exactly', async () => {
    const port = await getPort();
    const other = await testStack({
      config: {
        PUBLIC_ORIGIN_BE: [`http://be.localhost:${port}`],
        PUBLIC_ORIGIN_LU: [`http://lu.localhost:${port}`],
      },
    });
    const wrongPort = await other.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('be.localhost:9999'),
    });
    expect(wrongPort.statusCode).toBe(421);
    expect(wrongPort.json().code).toBe('misdirected');
    const right = await other.gateway.inject({
      url: '/api/config',
      headers: apiHeaders(`be.localhost:${port}`),
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('a hash link: asked before any session changes (login CSRF)', () => {
  /** A one-time hand-over token of `username`, as a first-party app mints it. */
  async function handoverOf(username: string): Promise<string> {
    const appToken = await signIn(stack, username);
    const res = await stack.be.app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: { authorization: `Bearer ${appToken}` },
    });
    return res.json().token;
  }
  const hashLogin = (cookie: string, payload: object) =>
    stack.gateway.inject({
      method: 'POST',
      url: '/api/token/hash',
      headers: browserHeaders(stack),
      cookies: { access_token: cookie },
      payload,
    });
  const userOf = (cookie: string) =>
    stack.gateway.inject({
      url: '/api/user',
      headers: apiHeaders(),
      cookies: { access_token: cookie },
    });

  it('asks first, naming both accounts, and keeps the session until the user chooses', async () => {
    const mine = await signIn(stack, 'customer@example.be');
    const token = await handoverOf('employee@example.be');
    const asked = await hashLogin(mine, { token });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'confirm_account',
      current: { firstname: expect.any(String), login: expect.stringContaining('@example.be') },
      incoming: { firstname: 'Emma', login: 'e•••e@example.be' },
    });
    expect(asked.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    expect((await userOf(mine)).json().data.email[0].value).toBe('customer@example.be');

    // The user chose to switch: the same link, confirmed.
    const switched = await hashLogin(mine, { token, confirmed: true });
    expect(switched.statusCode).toBe(200);
    const theirs = switched.cookies.find((c) => c.name === 'access_token')?.value ?? '';
    expect((await userOf(theirs)).json().data.firstname).toBe('Emma');
  });

  it('asks a signed-out browser too, naming the account, and signs it in only once confirmed', async () => {
    const token = await handoverOf('employee@example.be');
    const fresh = () =>
      stack.gateway.inject({
        method: 'POST',
        url: '/api/token/hash',
        headers: browserHeaders(stack),
        payload: { token, 'origin-app': 'mobile-app' },
      });
    const asked = await fresh();
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      code: 'confirm_account',
      message: 'This link signs in to the account named: confirm first.',
      current: null,
      incoming: { firstname: 'Emma', login: 'e•••e@example.be' },
    });
    expect(asked.cookies).toEqual([]);
    // Asking did not spend the link: asked again, the same question.
    expect((await fresh()).statusCode).toBe(409);

    const confirmed = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token/hash',
      headers: browserHeaders(stack),
      payload: { token, confirmed: true },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ signed_in: true, weak: false, next: '/user/dashboard' });
    const session = confirmed.cookies.find((c) => c.name === 'access_token')?.value ?? '';
    expect((await userOf(session)).json().data.firstname).toBe('Emma');
    // Spent: the link works once.
    expect((await fresh()).statusCode).toBe(400);
  });

  it('asks nothing when the link is for the account signed in now', async () => {
    const mine = await signIn(stack, 'employee@example.be');
    const res = await hashLogin(mine, { token: await handoverOf('employee@example.be') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_in: true, weak: false, next: '/user/dashboard' });
  });

  it('answers 400 naming the field for a malformed token, and 400 for an unknown one', async () => {
    const short = await hashLogin('', { token: 'short' });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('token');
    const unknown = await hashLogin('', { token: 'x'.repeat(40) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_token');
  });

  it('a call that left with the replaced session is refused, and leaves the new cookie alone', async () => {
    const mine = await signIn(stack, 'customer@example.be');
    const switched = await hashLogin(mine, {
      token: await handoverOf('employee@example.be'),
      confirmed: true,
    });
    expect(switched.statusCode).toBe(200);
    // Calls the page sent with the old cookie before the switch's answer came back.
    for (const url of [
      '/api/user',
      '/api/mfa',
      '/api/sessions',
      '/api/passkeys',
      '/api/trusted-devices',
    ]) {
      const late = await stack.gateway.inject({
        url,
        headers: apiHeaders(),
        cookies: { access_token: mine },
      });
      expect(late.statusCode, url).toBe(401);
      expect(
        late.cookies.find((c) => c.name === 'access_token'),
        url,
      ).toBeUndefined();
    }
    // A session refused for any other reason still clears the cookie.
    const unknown = await userOf('z'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.cookies.find((c) => c.name === 'access_token')?.value).toBe('');
  });

  it('does not ask when the link is for the account signed in now', async () => {
    const mine = await signIn(stack, 'employee@example.be');
    const res = await hashLogin(mine, { token: await handoverOf('employee@example.be') });
    expect(res.statusCode).toBe(200);
  });
});

describe('a paused second factor', () => {
  it('tells the browser how long, in the body and Retry-After', async () => {
    /** A sign-in of totp@example.be at its code step for the app: its flow cookie. */
    const atTotpCode = async () => {
      const start = await passwordSignIn(stack, 'totp@example.be');
      const flow = flowOf(start);
      const totp = start.json().view.methods.find((m: { method: string }) => m.method === 'totp');
      expect(
        (await flowStep(stack, '/api/sign-in/method', flow, { mfaId: totp.id })).json(),
      ).toMatchObject({ next: '/mfa' });
      return flow;
    };
    const first = await atTotpCode();
    // Wrong codes across fresh sign-ins: the account's count, not the challenge's.
    let last: Awaited<ReturnType<typeof flowStep>> | undefined;
    for (let i = 0; i < MFA_PAUSE.maxFailures; i++) {
      last = await flowStep(stack, '/api/sign-in/code', await atTotpCode(), { code: '000000' });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json()).toMatchObject({ code: 'mfa_paused', field: 'code' });
    expect(last?.json().message).toContain('paused for 15 minutes');
    expect(last?.headers['retry-after']).toBe('900');
    const right = await flowStep(stack, '/api/sign-in/code', first, {
      code: totpCode(DEMO_TOTP_SECRET, Date.now()),
    });
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
  });
});
