import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { apiHeaders, DEMO_PASSWORD, logCapture, recordingGateway } from '../test-helpers';

describe('logs', () => {
  it('carry the request id, which is accepted and returned, and never a secret', async () => {
    const {
      gateway,
      upstream: be,
      written: lines,
    } = await recordingGateway({
      LOG_LEVEL: 'trace',
      // The calls come from 127.0.0.1: a proxy whose request id is taken.
      TRUST_PROXY: ['127.0.0.1'],
    });
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
  });
});

describe('access lines', () => {
  async function gatewayLogging(level: Config['LOG_LEVEL']) {
    const log = logCapture();
    const gateway = await buildApp(testConfig({ LOG_LEVEL: level }), { logStream: log.stream });
    return { gateway, lines: log.lines };
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
