import { portalApi } from '@portal/contract';
import type { AppRoute } from '@ts-rest/core';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  browserHeaders,
  completeMfa,
  DEMO_PASSWORD,
  newDeviceCookie,
  passwordSignIn,
  pathOf,
  routesOf,
  signIn,
  testStack,
} from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** The calls a weak session may still make (docs/product.md part 4: nothing but replacing the password). */
const OPEN: AppRoute[] = [
  portalApi.config.getConfig,
  portalApi.profile.getUser,
  portalApi.profile.replaceWeakPassword,
  portalApi.auth.deleteToken,
  // A new sign-in (it replaces this session): the sign-in flow's steps, its code check included.
  portalApi.auth.loginByHash,
  portalApi.signIn.readSignIn,
  portalApi.signIn.password,
  portalApi.signIn.method,
  portalApi.signIn.resend,
  portalApi.signIn.code,
  // A passkey sign-in's answer (its start is open only with purpose `login`).
  portalApi.passkeys.finishAuthentication,
];
const LOCKED = routesOf(portalApi).filter((r) => !OPEN.includes(r));

/** A call of `route` with its path parameters filled in; the lockdown answers before any body check. */
function call(route: AppRoute, token: string, extra: Partial<InjectOptions> = {}) {
  const url = pathOf(route);
  const { 'content-type': _json, ...headers } = browserHeaders(stack);
  return stack.gateway.inject({
    method: route.method as 'GET',
    url,
    headers,
    cookies: { access_token: token },
    ...(route.method === 'GET' ? {} : { payload: {} }),
    ...extra,
  });
}

const NEW_PASSWORD = 'Finally-Strong-2026';

describe('a weak password grants nothing else (server-side lockdown)', () => {
  it('answers 403 weak_password to every portal call but reading the user, the change and sign-out', async () => {
    const token = await signIn(stack, 'weak@example.be');
    expect(LOCKED.length).toBeGreaterThan(40);
    const refused: string[] = [];
    for (const route of LOCKED) {
      const res = await call(route, token);
      if (res.statusCode !== 403 || res.json().code !== 'weak_password') {
        refused.push(`${route.method} ${route.path}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(refused).toEqual([]);
    const sample = await call(portalApi.sessions.listSessions, token);
    expect(sample.json()).toEqual({
      code: 'weak_password',
      message: 'Your password is too weak. Please choose a new one first.',
    });

    const user = await call(portalApi.profile.getUser, token);
    expect(user.statusCode).toBe(200);
    expect(user.json().data.firstname).toBe('Wout');
  });

  it('lets a passkey sign-in replace the session, but no passkey step-up of it', async () => {
    const token = await signIn(stack, 'weak@example.be');
    const start = (purpose: string) =>
      call(portalApi.passkeys.startAuthentication, token, {
        headers: browserHeaders(stack),
        payload: { purpose },
      });
    const sudo = await start('sudo');
    expect(sudo.statusCode).toBe(403);
    expect(sudo.json().code).toBe('weak_password');
    const login = await start('login');
    expect(login.statusCode).toBe(200);
  });

  it('holds whatever the browser does with its cookies: the flag is not in one', async () => {
    const res = await passwordSignIn(stack, 'weak@example.be', 'x');
    expect(res.statusCode).toBe(400);
    const token = await signIn(stack, 'weak@example.be');
    // Only the token, from a browser with another device cookie and no other cookie at all.
    const bare = await stack.gateway.inject({
      method: 'GET',
      url: '/api/sessions',
      headers: { ...apiHeaders('be.localhost:3000'), cookie: `access_token=${token}` },
    });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('weak_password');
    const elsewhere = await stack.gateway.inject({
      method: 'GET',
      url: '/api/mfa',
      headers: { ...apiHeaders('be.localhost:3000'), cookie: `device=${newDeviceCookie()}` },
      cookies: { access_token: token },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('refuses a step-up of the weak session but lets a new sign-in check its code', async () => {
    const token = await signIn(stack, 'weak@example.be');
    const stepUp = await call(portalApi.stepUp.start, token);
    expect(stepUp.statusCode).toBe(403);
    expect(stepUp.json().code).toBe('weak_password');
    // Another sign-in in this browser: its steps run on its own flow, not on this session.
    const cookies = { access_token: token };
    const first = await passwordSignIn(stack, 'employee@example.be', DEMO_PASSWORD, {
      ...browserHeaders(stack),
      cookie: `device=${stack.deviceCookie}; access_token=${token}`,
    });
    expect(first.json().next).toBe('/mfa');
    const done = await completeMfa(stack, first, undefined, { cookies });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.cookies.find((c) => c.name === 'access_token')?.value).not.toBe(token);
  });

  it('lifts the lockdown once the password is replaced', async () => {
    const token = await signIn(stack, 'weak@example.be');
    const changed = await call(portalApi.profile.replaceWeakPassword, token, {
      headers: browserHeaders(stack),
      payload: { password: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The session goes on under a new token (docs/threat-model.md, "A session's life").
    const renewed = changed.cookies.find((c) => c.name === 'access_token')?.value ?? '';
    const sessions = await call(portalApi.sessions.listSessions, renewed);
    expect(sessions.statusCode).toBe(200);
  });

  it('lets the weak session sign out', async () => {
    const token = await signIn(stack, 'weak@example.be');
    const out = await call(portalApi.auth.deleteToken, token, { payload: undefined });
    expect(out.statusCode).toBe(204);
    expect((await call(portalApi.profile.getUser, token)).statusCode).toBe(401);
  });

  it('sends a partner entry of a weak session to the password change, and back afterwards', async () => {
    const token = await signIn(stack, 'weak@example.be');
    const query =
      'client_id=101&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcallback&response_type=code&state=s1';
    const res = await stack.gateway.inject({
      url: `/authorize?${query}`,
      headers: apiHeaders('be.localhost:3000'),
      cookies: { access_token: token },
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), 'http://be.localhost:3000');
    expect(location.pathname).toBe('/weak-password');
    expect(location.searchParams.get('verified')).toBe('true');
    expect(location.searchParams.get('target')).toMatch(/^\/authorize\?client_id=101&/);
  });

  it('leaves a session with a strong password alone', async () => {
    const token = await signIn(stack, 'employee@example.be');
    expect((await call(portalApi.sessions.listSessions, token)).statusCode).toBe(200);
    expect((await call(portalApi.mfa.listMethods, token)).statusCode).toBe(200);
  });
});
