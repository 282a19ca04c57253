// Upstream faults: what the gateway answers when the account API breaks its
// contract or fails (hung, stopped, malformed JSON, the wrong shape, slower
// than the timeout, closing mid-body, garbage, resets), that those answers
// name no internals, and that the gateway serves normally again once the
// upstream recovers.
import { randomUUID } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer, type Server } from 'node:net';
import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { logCapture, signIn, type TestStack, testStack } from '../src/test-helpers';

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
  const logs = logCapture();
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

describe('the account API at a path of its host', () => {
  it('is called below that path (`UPSTREAM_BE_URL` with a prefix and a trailing slash)', async () => {
    const reached: string[] = [];
    const probed: string[] = [];
    const { url } = await fakeUpstream((app) => {
      app.addHook('onRequest', async (req) => {
        // The gateway's background reachability probe is a HEAD of the base URL.
        (req.method === 'HEAD' ? probed : reached).push(req.url);
      });
      // A status the gateway turns into its own answer: proof that the call arrived here.
      app.get('/v2/user', async (_req, reply) => reply.code(414).send());
    });
    const { gateway } = await gatewayTo(`${url}/v2/`);
    const res = await getUser(gateway);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('request_too_long');
    expect(reached).toEqual(['/v2/user']);
    expect(probed.every((path) => path === '/v2/')).toBe(true);
  });
});

describe('upstream answers are checked against the contract', () => {
  it('answers 400 request_too_long, not a 502, when the upstream refuses the request as too long', async () => {
    for (const status of [414, 431]) {
      const { url } = await fakeUpstream((app) => {
        app.get('/user', async (_req, reply) => reply.code(status).send());
      });
      const { gateway } = await gatewayTo(url);
      const res = await getUser(gateway);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'request_too_long',
        message: 'This request is too long. Shorten its address or fields and try again.',
      });
    }
  });

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

/**
 * An upstream that is the real mock (`pass`), or fails as the test says. It
 * listens on a fixed port, so that it can be stopped and started again.
 */
type Mode = 'pass' | 'hang' | 'malformed' | 'wrongShape' | 'slow' | 'midBody';
const TIMEOUT_MS = 300;

function faultyUpstream(mock: MockApp) {
  let mode: Mode = 'pass';
  const server = createHttpServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (mode === 'hang') return; // never answers
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": {"firstname": "Em');
      return;
    }
    if (mode === 'wrongShape') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"x"}]}');
      return;
    }
    // Well past the timeout: undici's timers are coarse (they may fire up to
    // about a second late), so an answer at 3 × 300 ms can still win the race.
    if (mode === 'slow') await new Promise((r) => setTimeout(r, TIMEOUT_MS + 3000));
    const answer = await mock.app.inject({
      method: req.method as 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      payload: Buffer.concat(chunks),
    });
    if (res.destroyed) return;
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    if (mode === 'midBody') {
      // A declared length, half the body, then the connection is closed.
      res.writeHead(answer.statusCode, { ...headers, 'content-length': answer.rawPayload.length });
      res.write(answer.rawPayload.subarray(0, answer.rawPayload.length >> 1));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.writeHead(answer.statusCode, headers).end(answer.rawPayload);
  });
  let port = 0;
  return {
    setMode: (m: Mode) => {
      mode = m;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
      return `http://127.0.0.1:${port}`;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * What a 5xx body must not carry: a stack, an address or port, a file path,
 * a system or library error code or name, the upstream's routes, a library's
 * name.
 */
const INTERNALS =
  /stack|\bat \S|127\.0\.0\.1|localhost|:\d{2,5}\b|\/work\/|node_modules|\bE[A-Z]{3,}\b|UND_ERR|\w+Error\b|Unexpected token|\b(GET|POST|PUT|PATCH|DELETE) \/|undici|[Ff]astify|ts-rest|zod|JSON/;

describe('upstream faults, then recovery', () => {
  const mock = buildMockUpstream({ region: 'be' });
  const upstream = faultyUpstream(mock);
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    const url = await upstream.start();
    stack = await testStack({
      scope: 'caller',
      upstream: mock,
      config: { UPSTREAM_BE_URL: url, UPSTREAM_LU_URL: url, UPSTREAM_TIMEOUT_MS: TIMEOUT_MS },
    });
    token = await signIn(stack);
  });
  afterAll(async () => {
    await stack.close();
    await upstream.stop().catch(() => {});
  });

  const readUser = () =>
    stack.gateway.inject({
      url: '/api/user',
      headers: { host: 'be.localhost:3000', 'x-device-id': stack.deviceId },
      cookies: { access_token: token },
    });

  /** After the fault: the probe answers and a normal call gets the user's real data. */
  async function expectHealthy() {
    upstream.setMode('pass');
    const health = await stack.gateway.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const res = await readUser();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('employee@example.be');
  }

  const faults: [string, number, string, Mode | 'stopped'][] = [
    ['hung', 504, 'upstream_timeout', 'hang'],
    ['stopped', 502, 'upstream_unavailable', 'stopped'],
    ['answering malformed JSON', 502, 'upstream_contract', 'malformed'],
    ['answering the wrong shape', 502, 'upstream_contract', 'wrongShape'],
    ['answering slower than the timeout', 504, 'upstream_timeout', 'slow'],
    ['closing mid-body', 502, 'upstream_unavailable', 'midBody'],
  ];

  it.each(faults)(
    'upstream %s: %s %s naming no internals, then healthy',
    async (_name, status, code, mode) => {
      await expectHealthy();
      if (mode === 'stopped') await upstream.stop();
      else upstream.setMode(mode);
      const started = Date.now();
      const res = await readUser();
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code, message: expect.any(String) });
      expect(res.body).not.toMatch(INTERNALS);
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2000);
      if (mode === 'stopped') await upstream.start();
      await expectHealthy();
    },
  );
});
