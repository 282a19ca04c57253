import { portalApi, rateLimitOf } from '@portal/contract';
import { type AppRouter, isAppRoute } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { browserHeaders, testStack } from '../test-helpers';

describe('rate limiting per client IP', () => {
  it('limits sign-in calls with 429 and Retry-After, per IP', async () => {
    const s = await testStack({ config: { RATE_LIMIT_SIGN_IN: 3, RATE_LIMIT_WINDOW_S: 60 } });
    const attempt = (ip: string) =>
      s.gateway.inject({
        method: 'POST',
        url: '/api/sign-in/password',
        remoteAddress: ip,
        headers: browserHeaders(s),
        payload: { username: 'employee@example.be', password: 'wrong-1' },
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
    const s = await testStack({ config: { RATE_LIMIT_FORGOT: 2, RATE_LIMIT_CODES: 2 } });
    const forgot = () =>
      s.gateway.inject({
        method: 'POST',
        url: '/api/recovery/start',
        headers: browserHeaders(s),
        payload: { by: 'email', login: 'employee@example.be' },
      });
    expect((await forgot()).statusCode).not.toBe(429);
    expect((await forgot()).statusCode).not.toBe(429);
    expect((await forgot()).statusCode).toBe(429);

    const code = () =>
      s.gateway.inject({
        method: 'POST',
        url: '/api/sign-in/code',
        headers: browserHeaders(s),
        payload: { code: '12345678' },
      });
    expect((await code()).statusCode).not.toBe(429);
    expect((await code()).statusCode).not.toBe(429);
    const limited = await code();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('limits the start of an identity-provider sign-in as a sign-in, per client', async () => {
    const s = await testStack({ config: { RATE_LIMIT_SIGN_IN: 3 } });
    const start = (ip: string) =>
      s.gateway.inject({
        url: '/api/sso/microsoft/login',
        remoteAddress: ip,
        headers: browserHeaders(s),
      });
    for (let i = 0; i < 3; i++) expect((await start('203.0.113.9')).statusCode).toBe(200);
    const limited = await start('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await start('203.0.113.10')).statusCode).toBe(200);
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
    expect(table.get('POST /api/sign-in/password')).toBe('signIn');
    expect(table.get('POST /api/sign-in/method')).toBe('codes');
    expect(table.get('POST /api/sign-in/code')).toBe('codes');
    expect(table.get('POST /api/step-up/code')).toBe('codes');
    expect(table.get('POST /api/merge/claim')).toBe('signIn');
    expect(table.get('POST /api/recovery/start')).toBe('forgot');
    expect(table.get('GET /api/sso/:provider/login')).toBe('signIn');
    expect(table.get('GET /api/user')).toBeUndefined();
    expect(table.get('DELETE /api/token')).toBeUndefined();
  });
});
