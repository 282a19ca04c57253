import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type Config, testConfig } from './config';

/** Every log line the gateway writes, parsed. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()?.();
});

/** A fake upstream answering `/user` as the test says, on a real port. */
async function fakeUpstream(
  handler: (app: FastifyInstance) => void,
): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify();
  handler(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { url, app };
}

async function gatewayTo(url: string, overrides: Partial<Config> = {}) {
  const logs = logSink();
  const gateway = await buildApp(
    testConfig({ UPSTREAM_BE_URL: url, LOG_LEVEL: 'info', ...overrides }),
    { logStream: logs.stream },
  );
  closers.push(() => gateway.close());
  return { gateway, logs };
}

const getUser = (gateway: FastifyInstance) =>
  gateway.inject({
    url: '/api/user',
    headers: { host: 'be.localhost:3000', 'x-device-id': randomUUID() },
    cookies: { access_token: 'a'.repeat(40) },
  });

describe('upstream answers are checked against the contract', () => {
  it('turns a wrong shape into 502 upstream_contract, logged with the route and the issue', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', async () => ({ data: { firstname: 42 } }));
    });
    const { gateway, logs } = await gatewayTo(url);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'upstream_contract',
      message: 'The account service answered something unexpected.',
    });
    expect(res.body).not.toContain('firstname');
    const line = logs.lines.find((l) => l.kind === 'upstream_contract');
    expect(line).toMatchObject({ route: 'GET /user', status: 200, level: 50 });
    expect(JSON.stringify(line?.issue)).toContain('data.');
    // Logged through the request's logger: it carries the request's id, as its answer does.
    expect(line?.reqId).toBe(res.headers['x-request-id']);
  });

  it('passes a declared upstream status on with its body', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', async (_req, reply) =>
        reply.status(401).send({ code: 'unauthenticated', message: 'Token expired' }),
      );
    });
    const { gateway } = await gatewayTo(url);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', message: 'Token expired' });
  });

  it('turns a status the contract does not declare into 502', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', async (_req, reply) => reply.status(418).send({ teapot: true }));
    });
    const { gateway } = await gatewayTo(url);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('upstream_contract');
  });

  it('turns malformed JSON into 502, never 500', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', async (_req, reply) =>
        reply.type('application/json').send('{"data": {"firstname": "Em'),
      );
    });
    const { gateway } = await gatewayTo(url);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('upstream_contract');
  });

  it('refuses an answer of over 1 MB instead of buffering it', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', async (_req, reply) =>
        reply.type('application/json').send(`{"data":{"firstname":"${'x'.repeat(2 ** 21)}"}}`),
      );
    });
    const { gateway, logs } = await gatewayTo(url);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('upstream_contract');
    const line = logs.lines.find((l) => l.kind === 'upstream_contract');
    expect(line).toMatchObject({ route: 'GET /user', status: 200 });
    expect(String(line?.issue)).toContain('larger than');
  });

  it('turns an HTML error page into 502', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', async (_req, reply) =>
        reply.type('text/html').send('<html><body>Bad gateway</body></html>'),
      );
    });
    const { gateway } = await gatewayTo(url);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain('<html>');
  });
});

describe('upstream faults', () => {
  it('answers 502 upstream_unavailable when the upstream is stopped', async () => {
    const { url, app } = await fakeUpstream(() => {});
    await app.close();
    const { gateway } = await gatewayTo(url);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'upstream_unavailable',
      message: 'The account service is unavailable.',
    });
  });

  it('answers 504 upstream_timeout when the upstream hangs past UPSTREAM_TIMEOUT_MS', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', () => new Promise(() => {}));
    });
    const { gateway } = await gatewayTo(url, { UPSTREAM_TIMEOUT_MS: 200 });
    const started = Date.now();
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(504);
    expect(res.json().code).toBe('upstream_timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 502 when the upstream resets the connection or speaks garbage', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const garbage: Server = createServer((socket) => {
      sockets.add(socket);
      socket.once('data', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
    });
    const reset: Server = createServer((socket) => {
      sockets.add(socket);
      socket.once('data', () => socket.resetAndDestroy());
    });
    for (const server of [garbage, reset]) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      closers.push(
        () =>
          new Promise((resolve) => {
            for (const s of sockets) s.destroy();
            server.close(resolve);
          }),
      );
    }
    for (const server of [garbage, reset]) {
      const { port } = server.address() as { port: number };
      const { gateway } = await gatewayTo(`http://127.0.0.1:${port}`);
      const res = await getUser(gateway);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('upstream_unavailable');
      expect(res.body).not.toMatch(/stack|ECONN|at /);
    }
  });

  it('cuts off an upstream that stalls halfway through the body', async () => {
    const { url } = await fakeUpstream((app) => {
      app.get('/user', (_req, reply) => {
        reply.raw.writeHead(200, { 'content-type': 'application/json' });
        reply.raw.write('{"data":');
      });
    });
    const { gateway } = await gatewayTo(url, { UPSTREAM_TIMEOUT_MS: 200 });
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(504);
  });
});
