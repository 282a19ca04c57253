import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { apiHeaders, DEMO_PASSWORD, testStack } from '../test-helpers';

describe('logs', () => {
  it('carry the request id, which is accepted and returned, and never a secret', async () => {
    const {
      gateway,
      be,
      written: lines,
    } = await testStack({
      record: true,
      config: {
        LOG_LEVEL: 'trace',
        // The calls come from 127.0.0.1: a proxy whose request id is taken.
        TRUST_PROXY: ['127.0.0.1'],
      },
    });
    const headers = { host: 'be.localhost:3000', 'x-device-id': randomUUID() };
    const requestId = 'support-ticket-4711';
    const first = await gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { ...headers, 'x-request-id': requestId },
      payload: { username: 'employee@example.be', password: DEMO_PASSWORD },
    });
    expect(first.headers['x-request-id']).toBe(requestId);
    expect(first.json().next).toBe('/mfa');
    const flow = first.cookies.find((c) => c.name === 'flow')?.value ?? '';
    // The challenge's payload and the code under way stay in the flow: the upstream's own answer holds them.
    const sudo = be.store.outbox.at(-1);
    const code = sudo?.code ?? '';
    expect(code).toMatch(/^\d{8}$/);
    const done = await gateway.inject({
      method: 'POST',
      url: '/api/sign-in/code',
      headers,
      cookies: { flow },
      payload: { code },
    });
    expect(done.statusCode).toBe(200);
    const token = done.cookies.find((c) => c.name === 'access_token')?.value ?? '';
    expect(token.length).toBeGreaterThan(20);
    await gateway.inject({ url: '/api/user', headers, cookies: { access_token: token } });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    const payloads = [...be.store.challenges.keys()];
    expect(payloads.length).toBeGreaterThan(0);
    for (const secret of [DEMO_PASSWORD, code, token, flow, ...payloads]) {
      expect(log).not.toContain(secret);
    }
    const parsed = lines.map((l) => JSON.parse(l));
    expect(parsed.some((l) => l.reqId === requestId && l.res?.statusCode === 200)).toBe(true);
    expect(parsed.filter((l) => l.msg === 'request completed').every((l) => l.reqId)).toBe(true);
    // A generated id where none (or a malformed one) was given.
    const generated = await gateway.inject({
      url: '/api/config',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('access lines', () => {
  const gatewayLogging = (level: Config['LOG_LEVEL']) =>
    testStack({ record: 'logs', config: { LOG_LEVEL: level } });

  it('are pino lines like any other: level, time, pid, hostname, request id, and no secret', async () => {
    const { gateway, lines } = await gatewayLogging('info');
    const res = await gateway.inject({
      url: '/api/step-up?payload=SECRET-PAYLOAD&mfaId=4',
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
        url: '/api/step-up?payload=%5Bredacted%5D&mfaId=4',
        host: 'lu.localhost:3000',
        remoteAddress: '127.0.0.1',
      },
      route: '/api/step-up',
      res: { statusCode: res.statusCode },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(JSON.stringify(lines)).not.toContain('SECRET-PAYLOAD');
  });

  it('are not written above the info level', async () => {
    const { gateway, lines } = await gatewayLogging('warn');
    await gateway.inject({ url: '/api/config', headers: apiHeaders('be.localhost:3000') });
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([]);
  });
});

describe('personal data in log lines', () => {
  it('no e-mail address, phone number, login, login_hint, target or redirect_uri value in any line of a run', async () => {
    const { gateway, written } = await testStack({ record: true, config: { LOG_LEVEL: 'trace' } });
    const headers = { host: 'be.localhost:3000', 'x-device-id': randomUUID() };
    const phone = '+32 470 12 34 56';
    const target = 'https://be.localhost:3000/user/dashboard?for=marie.dupont@example.lu';
    const urls = [
      '/login/email?login=employee%40example.be',
      '/login/email?login=employee@example.be&lang=fr',
      `/login?login_hint=customer%40example.be&target=${encodeURIComponent(target)}`,
      `/login/phone?login=${encodeURIComponent(phone)}`,
      `/forgot-password?phone=${encodeURIComponent(phone)}&to=someone%2Bsales%40example.be`,
      `/api/sso/google/login?redirect_uri=${encodeURIComponent('https://partner.example/cb?user=jan@example.be')}`,
      '/api/no-such-call?contact=jan.peeters@example.be&mobile=0470123456',
      '/user/jan.peeters@example.be',
    ];
    for (const url of urls) await gateway.inject({ url, headers });
    // The same data in bodies: a sign-in, and one whose JSON breaks after the address.
    await gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers,
      payload: { username: 'employee@example.be', password: 'wrong-1' },
    });
    await gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"username":"employee@example.be","password":',
    });

    const accessUrls = written
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg === 'request completed')
      .map((line) => line.req.url as string);
    expect(accessUrls).toHaveLength(urls.length + 2);
    // The URL keeps the parameters' names, without their values.
    expect(accessUrls[0]).toBe('/login/email?login=%5Bredacted%5D');
    expect(accessUrls[1]).toBe('/login/email?login=%5Bredacted%5D&lang=fr');
    expect(accessUrls[2]).toBe('/login?login_hint=%5Bredacted%5D&target=%5Bredacted%5D');
    expect(accessUrls[7]).toBe('/user/[redacted]');
    const log = written.join('\n');
    for (const leak of [
      /[\w.+-]+(@|%40|\\u0040)[\w-]+\.[a-z]{2,}/i,
      /\+?32[\s%20]*470/,
      /0470\s?12/,
      /partner\.example/,
      /dashboard\?for/,
    ]) {
      expect(log).not.toMatch(leak);
    }
  });
});
