import { portalApi } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { apiHeaders, pathOf, routesOf, signIn, testStack } from '../test-helpers';
import { signedInApi } from './api';

const stack = testStack({ scope: 'file' });
const down = testStack({ scope: 'file', config: { MAINTENANCE: true } });

/** The same portal path, spelled as an attacker or a sloppy proxy might. */
function spellings(path: string): string[] {
  const rest = path.slice('/api'.length);
  return [
    path,
    `/%61pi${rest}`,
    `/%61%70%69${rest}`,
    `//api${rest}`,
    `/api/${rest}`,
    `${path}/`,
    `/API${rest}`,
    `/Api${rest}`,
  ];
}

describe('the /api boundary holds for every spelling of a path', () => {
  it('refuses a cross-site state change with 403 csrf, or does not find the route', async () => {
    for (const url of spellings('/api/mfa/regenerate-recovery')) {
      const res = await stack.gateway.inject({
        method: 'POST',
        url,
        headers: {
          host: 'be.localhost:3000',
          'x-device-id': stack.deviceId,
          'sec-fetch-site': 'cross-site',
          origin: 'https://evil.example',
          'content-type': 'application/json',
        },
        payload: {},
      });
      expect([403, 404], url).toContain(res.statusCode);
      if (res.statusCode === 403) {
        expect(res.json().code, url).toBe('csrf');
        expect(res.headers['cache-control'], url).toBe('no-store');
      } else expect(res.json().code, url).toBe('not_found');
    }
  });

  it('answers every spelling of a read with no-store and the API policy, or 404', async () => {
    for (const url of spellings('/api/user')) {
      const res = await stack.gateway.inject({ url, headers: apiHeaders('be.localhost:3000') });
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toContain('application/json');
      if (res.statusCode === 404) continue;
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'none'");
    }
  });

  it('answers every spelling with 503 in maintenance, or 404, never the app', async () => {
    for (const url of spellings('/api/user')) {
      const res = await down.gateway.inject({ url, headers: apiHeaders('be.localhost:3000') });
      expect([503, 404], url).toContain(res.statusCode);
      if (res.statusCode === 503) expect(res.json().code, url).toBe('maintenance');
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });

  it('rate-limits a guessable call whatever its spelling', async () => {
    const s = await testStack({ config: { RATE_LIMIT_SIGN_IN: 2 } });
    const statuses: number[] = [];
    for (const url of [
      '/api/sign-in/password',
      '/%61pi/sign-in/password',
      '/api/%73ign-in/password',
      '/api/sign-in/password',
    ]) {
      const res = await s.gateway.inject({
        method: 'POST',
        url,
        headers: { host: 'be.localhost:3000', 'x-device-id': s.deviceId },
        payload: { username: 'employee@example.be', password: 'x-1' },
      });
      statuses.push(res.statusCode);
    }
    // The third call is over the budget of two, whichever spelling made the first two.
    expect(statuses).toEqual([400, 400, 429, 429]);
  });
});

describe("the gateway's own errors", () => {
  it('answers an unknown /api path with a JSON 404 naming it', async () => {
    const res = await stack.gateway.inject({
      url: '/api/no-such-call',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not_found', message: 'No route GET /api/no-such-call' });
  });
});

describe('the signed-in route tree', () => {
  /** A call of `route` as a browser without a session makes it (an empty body where it takes one). */
  const anonymousCall = (route: ReturnType<typeof routesOf>[number]) => ({
    method: route.method,
    url: pathOf(route),
    headers: { ...apiHeaders(), 'content-type': 'application/json' },
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });

  it('answers 401 unauthenticated to every route of it without a session, and asks the account API nothing', async () => {
    const s = await testStack({ record: true });
    const { gateway, calls } = s;
    const routes = routesOf(signedInApi);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const res = await gateway.inject(anonymousCall(route));
      const name = `${route.method} ${route.path}`;
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual({ code: 'unauthenticated', message: 'Sign in first.' });
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    expect(calls.map((c) => c.call)).toEqual([]);
    // With a session, the same tree serves the account (the hook lets it through).
    const cookie = await signIn(s, 'customer@example.be');
    const user = await gateway.inject({
      url: '/api/user',
      headers: { ...apiHeaders(), cookie: `access_token=${cookie}` },
    });
    expect(user.statusCode).toBe(200);
  });

  it('serves every route of the contract in one tree or the other', async () => {
    for (const route of routesOf(portalApi)) {
      const res = await stack.gateway.inject(anonymousCall(route));
      const name = `${route.method} ${route.path}`;
      expect(res.body, name).not.toContain('No route ');
    }
  });

  it('lets the public routes answer without a session', async () => {
    // A passkey sign-in starts signed out; a step-up by passkey needs the session.
    const start = (purpose: string) =>
      stack.gateway.inject({
        method: 'POST',
        url: '/api/passkeys/authentication/options',
        headers: { ...apiHeaders(), 'content-type': 'application/json' },
        payload: { purpose },
      });
    expect((await start('login')).statusCode).toBe(200);
    const stepUp = await start('sudo');
    expect(stepUp.statusCode).toBe(401);
    expect(stepUp.json().code).toBe('unauthenticated');
  });
});
