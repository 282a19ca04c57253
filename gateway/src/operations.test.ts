import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { portalApi, rateLimitOf } from '@portal/contract';
import { buildMockUpstream } from '@portal/mock-upstream';
import { type AppRouter, isAppRoute } from '@ts-rest/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type Config, testConfig } from './config';
import {
  apiHeaders,
  browserHeaders,
  DEMO_PASSWORD,
  startStack,
  type TestStack,
} from './test-helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const extra: TestStack[] = [];
afterEach(async () => {
  while (extra.length) await extra.pop()?.close();
});
async function stackWith(overrides: Partial<Config>) {
  const s = await startStack(overrides);
  extra.push(s);
  return s;
}

describe('maintenance mode', () => {
  it('answers every /api call with 503 maintenance, except the config that says so', async () => {
    const s = await stackWith({ MAINTENANCE: true });
    const user = await s.gateway.inject({
      url: '/api/user',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(user.statusCode).toBe(503);
    expect(user.json()).toEqual({
      code: 'maintenance',
      message: 'Login is unavailable for maintenance. Please try again later.',
    });
    const signIn = await s.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: browserHeaders(s),
      payload: { grant_type: 'password', username: 'employee@example.be', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.cookies).toHaveLength(0);

    const config = await s.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('lu.localhost:3000'),
    });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ maintenance: true, variant: 'lu' });
    // The probes and the favicon stay up.
    expect((await s.gateway.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await s.gateway.inject({ url: '/favicon.ico' })).statusCode).toBe(200);
  });

  it('says maintenance: false otherwise', async () => {
    const config = await stack.gateway.inject({ url: '/api/config' });
    expect(config.json().maintenance).toBe(false);
  });
});

describe('rate limiting per client IP', () => {
  it('limits sign-in calls with 429 and Retry-After, per IP', async () => {
    const s = await stackWith({ RATE_LIMIT_SIGN_IN: 3, RATE_LIMIT_WINDOW_S: 60 });
    const attempt = (ip: string) =>
      s.gateway.inject({
        method: 'POST',
        url: '/api/token',
        remoteAddress: ip,
        headers: browserHeaders(s),
        payload: { grant_type: 'password', username: 'employee@example.be', password: 'wrong-1' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(400);
    const limited = await attempt('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client is not affected, nor are calls that guess nothing.
    expect((await attempt('203.0.113.8')).statusCode).toBe(400);
    const config = await s.gateway.inject({ url: '/api/config', remoteAddress: '203.0.113.7' });
    expect(config.statusCode).toBe(200);
  });

  it('limits forgot-password calls and code calls with their own budgets', async () => {
    const s = await stackWith({ RATE_LIMIT_FORGOT: 2, RATE_LIMIT_CODES: 2 });
    const forgot = () =>
      s.gateway.inject({
        method: 'POST',
        url: '/api/user/forgot-password',
        headers: browserHeaders(s),
        payload: { username: 'employee@example.be' },
      });
    expect((await forgot()).statusCode).not.toBe(429);
    expect((await forgot()).statusCode).not.toBe(429);
    expect((await forgot()).statusCode).toBe(429);

    const sudo = () =>
      s.gateway.inject({
        method: 'POST',
        url: '/api/mfa/sudo',
        headers: browserHeaders(s),
        payload: { payload: 'x', code: '12345678' },
      });
    expect((await sudo()).statusCode).not.toBe(429);
    expect((await sudo()).statusCode).not.toBe(429);
    const limited = await sudo();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('reads the class of each guessable call from its contract metadata', () => {
    const table = new Map<string, string>();
    const walk = (node: AppRouter) => {
      for (const route of Object.values(node)) {
        if (!isAppRoute(route)) walk(route as AppRouter);
        else if (rateLimitOf(route))
          table.set(`${route.method} ${route.path}`, `${rateLimitOf(route)}`);
      }
    };
    walk(portalApi);
    expect(table.get('POST /api/token')).toBe('signIn');
    expect(table.get('POST /api/mfa/sudo')).toBe('codes');
    expect(table.get('GET /api/mfa/sudo')).toBe('codes');
    expect(table.get('POST /api/user/forgot-password')).toBe('forgot');
    expect(table.get('GET /api/user')).toBeUndefined();
    expect(table.get('DELETE /api/token')).toBeUndefined();
  });
});

describe('logs', () => {
  it('carry the request id, which is accepted and returned, and never a secret', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    const be = buildMockUpstream({ region: 'be' });
    const beUrl = await be.app.listen({ port: 0, host: '127.0.0.1' });
    const gateway = await buildApp(
      testConfig({
        UPSTREAM_BE_URL: beUrl,
        UPSTREAM_LU_URL: beUrl,
        LOG_LEVEL: 'trace',
        // The calls come from 127.0.0.1: a proxy whose request id is taken.
        TRUST_PROXY: ['127.0.0.1'],
      }),
      { logStream },
    );
    try {
      const headers = { host: 'be.localhost:3000', 'x-device-id': randomUUID() };
      const requestId = 'support-ticket-4711';
      const first = await gateway.inject({
        method: 'POST',
        url: '/api/token',
        headers: { ...headers, 'x-request-id': requestId },
        payload: {
          grant_type: 'password',
          username: 'employee@example.be',
          password: DEMO_PASSWORD,
        },
      });
      expect(first.headers['x-request-id']).toBe(requestId);
      expect(first.statusCode).toBe(401);
      const { payload, methods } = first.json().mfa;
      const email = methods.find((m: { method: string }) => m.method === 'email');
      const started = await gateway.inject({
        url: `/api/mfa/sudo?payload=${payload}&mfaId=${email.id}`,
        headers,
      });
      expect(started.statusCode).toBe(200);
      const code = be.store.outbox.at(-1)?.code ?? '';
      expect(code).toMatch(/^\d{8}$/);
      const done = await gateway.inject({
        method: 'POST',
        url: '/api/mfa/sudo',
        headers,
        payload: { payload: started.json().payload, code },
      });
      expect(done.statusCode).toBe(200);
      const token = done.cookies.find((c) => c.name === 'access_token')?.value ?? '';
      expect(token.length).toBeGreaterThan(20);
      await gateway.inject({ url: '/api/user', headers, cookies: { access_token: token } });

      const log = lines.join('\n');
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (const secret of [DEMO_PASSWORD, code, token, payload, started.json().payload]) {
        expect(log).not.toContain(secret);
      }
      const parsed = lines.map((l) => JSON.parse(l));
      expect(parsed.some((l) => l.reqId === requestId && l.res?.statusCode === 401)).toBe(true);
      expect(parsed.filter((l) => l.msg === 'request completed').every((l) => l.reqId)).toBe(true);
      // A generated id where none (or a malformed one) was given.
      const generated = await gateway.inject({
        url: '/api/config',
        headers: { 'x-request-id': 'bad id with spaces' },
      });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await gateway.close();
      await be.app.close();
    }
  });
});

describe('access lines', () => {
  async function gatewayLogging(level: Config['LOG_LEVEL']) {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const gateway = await buildApp(testConfig({ LOG_LEVEL: level }), { logStream });
    return { gateway, lines };
  }

  it('are pino lines like any other: level, time, pid, hostname, request id, and no secret', async () => {
    const { gateway, lines } = await gatewayLogging('info');
    try {
      const res = await gateway.inject({
        url: '/api/mfa/sudo?payload=SECRET-PAYLOAD&mfaId=4',
        headers: { ...apiHeaders('lu.localhost:3000'), 'x-request-id': 'ticket-"42"' },
      });
      gateway.log.info({ probe: true }, 'a line pino writes itself');
      const access = lines.find((l) => l.msg === 'request completed');
      const own = lines.find((l) => l.probe === true);
      expect(access).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: own?.pid,
        hostname: own?.hostname,
        reqId: res.headers['x-request-id'],
        req: {
          method: 'GET',
          url: '/api/mfa/sudo?payload=%5Bredacted%5D&mfaId=4',
          host: 'lu.localhost:3000',
          remoteAddress: '127.0.0.1',
        },
        route: '/api/mfa/sudo',
        res: { statusCode: res.statusCode },
        responseTime: expect.any(Number),
        msg: 'request completed',
      });
      expect(JSON.stringify(lines)).not.toContain('SECRET-PAYLOAD');
    } finally {
      await gateway.close();
    }
  });

  it('are not written above the info level', async () => {
    const { gateway, lines } = await gatewayLogging('warn');
    try {
      await gateway.inject({ url: '/api/config', headers: apiHeaders('be.localhost:3000') });
      expect(lines.filter((l) => l.msg === 'request completed')).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});

describe('health probes', () => {
  it('/healthz answers on the public port; /readyz on the management port only', async () => {
    expect((await stack.gateway.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await stack.gateway.inject({ url: '/readyz' })).statusCode).toBe(404);
    const ready = await stack.gateway.management.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      store: 'memory',
      upstreams: { be: 'ok', lu: 'ok' },
    });
  });

  it('stays ready when an account API is down: only the metric says so', async () => {
    const s = await stackWith({});
    await s.lu.app.close();
    const ready = await s.gateway.management.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ok',
      upstreams: { be: 'ok', lu: 'unreachable' },
    });
    const metrics = await s.gateway.management.inject({ url: '/metrics' });
    expect(metrics.body).toContain('portal_account_api_up{variant="be"} 1');
    expect(metrics.body).toContain('portal_account_api_up{variant="lu"} 0');
  });
});

describe('static web app', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const script = `console.log(${JSON.stringify('portal '.repeat(400))});\n`;

  beforeAll(async () => {
    await mkdir(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Account</title><div id="root">');
    writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), script);
  });

  it('caches hashed assets for a year, index.html never, and compresses', async () => {
    const s = await stackWith({ WEB_DIST: root });
    const br = await s.gateway.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await s.gateway.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    // Spec part 4, root on load: a visitor without a session goes to the sign-in, from the server.
    for (const url of ['/', '/login']) {
      const start = await s.gateway.inject({ url });
      expect(start.statusCode, url).toBe(302);
      expect(start.headers.location, url).toBe('/login/email');
    }
    const signedIn = await s.gateway.inject({
      url: '/',
      cookies: { access_token: 'a'.repeat(40) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<title>Account</title>');
    // The switcher's links before any script: remembered in a cookie the page can read.
    const chosen = await s.gateway.inject({ url: '/login/email?lang=fr&target=%2Fprofile' });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/login/email?target=%2Fprofile');
    // For the next visit, and handed over to the next page as this visit's choice.
    expect(chosen.headers['set-cookie']).toEqual([
      'lang=fr; Max-Age=31536000; Path=/; SameSite=Lax',
      'lang_chosen=fr; Max-Age=600; Path=/; SameSite=Lax',
    ]);
    for (const url of ['/login/email', '/account/security?tab=mfa']) {
      const page = await s.gateway.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body).toContain('<title>Account</title>');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect((await s.gateway.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
    // A file that is not there is a 404, never the app; only screens' paths fall back to it.
    for (const url of ['/wp-login.php', '/favicon.png', '/user/.env', '/API/user', '/Assets/x']) {
      const missing = await s.gateway.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('<title>Account</title>');
    }
    const api = await s.gateway.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });
});
