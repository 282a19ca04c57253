import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { apiHeaders } from '../test-helpers';

/** A loopback HTTP server answering `handle`, closed when the test ends. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  onTestFinished(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface SentryEvent {
  tags?: Record<string, string>;
  exception?: { values?: { type?: string; value?: string }[] };
  request?: unknown;
}

describe('error reporting (Sentry)', { timeout: 30_000 }, () => {
  it('reports only the unexpected errors, each tagged with its request id and route; the 502/503/504 answered on purpose are not', async () => {
    // Sentry's ingest, as its SDK reaches it from the DSN: envelopes on /api/<project>/envelope/.
    const events: SentryEvent[] = [];
    const ingest = await serve(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString('utf8').split('\n');
      // An envelope: its header, then each item's header and payload.
      for (let i = 1; i + 1 < lines.length; i += 2) {
        if (JSON.parse(lines[i] ?? '{}').type === 'event')
          events.push(JSON.parse(lines[i + 1] ?? ''));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    // The Belgian account API: a sign-in answered with a broken body, every other call cut off.
    const broken = await serve(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      if (body.includes('contract-breaker')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"x"}');
      } else req.socket.destroy();
    });
    // The Luxembourg one takes calls and never answers: 504 after the timeout, 503 beyond the cap.
    const hung = await serve(() => {});
    const gateway = await buildApp(
      testConfig({
        SENTRY_DSN: `http://publickey@${ingest}/1`,
        SENTRY_SAMPLE_RATE: 1,
        UPSTREAM_BE_URL: `http://${broken}`,
        UPSTREAM_LU_URL: `http://${hung}`,
        // Long enough for the six calls to arrive together on a busy machine.
        UPSTREAM_TIMEOUT_MS: 2000,
        UPSTREAM_MAX_CONCURRENCY: 2,
        RATE_LIMIT_SIGN_IN: 100,
      }),
    );
    // A programming error behind a route: the one kind of 500 there is.
    gateway.get('/api/test-only-fault', async () => {
      throw new TypeError('a bug in a route');
    });
    onTestFinished(() => gateway.close());

    const signIn = (host: string, username = 'someone') =>
      gateway.inject({
        method: 'POST',
        url: '/api/sign-in/password',
        headers: { ...apiHeaders(host), 'content-type': 'application/json' },
        payload: { username, password: 'a-password-1' },
      });
    const expected = await Promise.all(
      Array.from({ length: 6 }, () => signIn('lu.localhost:3000')),
    );
    for (let i = 0; i < 8; i++) expected.push(await signIn('be.localhost:3000'));
    expect(expected.map((r) => r.statusCode).sort()).toEqual([
      ...Array(8).fill(502),
      ...Array(4).fill(503),
      ...Array(2).fill(504),
    ]);
    const contract = await signIn('be.localhost:3000', 'contract-breaker');
    expect(contract.statusCode).toBe(502);
    expect(contract.json().code).toBe('upstream_contract');
    const fault = await gateway.inject({ url: '/api/test-only-fault', headers: apiHeaders() });
    expect(fault.statusCode).toBe(500);

    // Closing flushes what the SDK still holds.
    await gateway.close();
    expect(events).toHaveLength(2);
    const byRequest = new Map(events.map((e) => [e.tags?.request_id, e]));
    expect(byRequest.get(String(contract.headers['x-request-id']))?.tags).toMatchObject({
      route: '/api/sign-in/password',
    });
    const bug = byRequest.get(String(fault.headers['x-request-id']));
    expect(bug?.tags).toMatchObject({ route: '/api/test-only-fault' });
    expect(bug?.exception?.values?.[0]).toMatchObject({
      type: 'TypeError',
      value: 'a bug in a route',
    });
    // Nothing of the request: no cookie, header or body.
    expect(JSON.stringify(events)).not.toContain('a-password-1');
  });
});
