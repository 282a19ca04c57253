// Graceful shutdown under load: the gateway's production bundle in its own
// process, its upstream the real mock behind a delay (3 s a call), 50
// requests in flight (signed-in reads and sign-ins) when it gets SIGTERM.
// Every one of them gets its real answer, a new connection is refused once
// the SHUTDOWN_DELAY_MS pause is over, and the process exits 0 within its
// grace period (SHUTDOWN_DELAY_MS + SHUTDOWN_DRAIN_MS, see src/server.ts),
// even with a connection open that has not sent a request yet (a browser's
// preconnect).

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { buildMockUpstream } from '@portal/mock-upstream';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGateway,
  PASSWORD,
  signIn,
  startGateway,
  stopAll,
  USER,
  waitFor,
} from '../bench/processes';

const SLOW_MS = 3000;
const UPSTREAM_TIMEOUT_MS = 8000;
const PAUSE_MS = 1000;
const DRAIN_MS = UPSTREAM_TIMEOUT_MS + 2000;
const GRACE_MS = PAUSE_MS + DRAIN_MS;
const READS = 40;
const SIGN_INS = 10;

const mock = buildMockUpstream({ region: 'be' });
let slow = false;
let arrived = 0;
/** The real mock, answering after SLOW_MS while `slow` is on. */
const upstream = createServer(async (req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (slow) {
    arrived++;
    await new Promise((r) => setTimeout(r, SLOW_MS));
  }
  const answer = await mock.app.inject({
    method: req.method as 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    payload: Buffer.concat(chunks),
  });
  const headers = { ...answer.headers };
  delete headers['transfer-encoding'];
  res.writeHead(answer.statusCode, headers).end(answer.rawPayload);
});

beforeAll(async () => {
  buildGateway();
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  stopAll();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

/** Whether a new TCP connection to `port` is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('SIGTERM under load', () => {
  it('finishes every in-flight request with its real answer, refuses new connections after the pause, closes a connection with no request, exits 0 in its grace period', async () => {
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    const port = await getPort();
    const gateway = `http://127.0.0.1:${port}`;
    const child = startGateway(port, upstreamUrl, {
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      SHUTDOWN_DELAY_MS: String(PAUSE_MS),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: 'warn',
      // Each sign-in sends its code: the ten of one account stay within its budgets.
      CODE_LIMIT_RECIPIENT: '100',
      CODE_LIMIT_ACCOUNT: '100',
    });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    await waitFor(`${gateway}/healthz`);
    const deviceId = randomUUID();
    const { cookie, deviceCookie } = await signIn(gateway, upstreamUrl, deviceId);

    // A browser's preconnect: a connection that sends nothing.
    const preconnect = connect(port, '127.0.0.1');
    await new Promise((resolve) => preconnect.once('connect', resolve));
    const preconnectClosed = new Promise((resolve) => preconnect.once('close', resolve));
    preconnect.resume();

    slow = true;
    const reads = Array.from({ length: READS }, () =>
      fetch(`${gateway}/api/user`, {
        headers: { cookie, 'x-device-id': deviceId },
      }).then(async (res) => ({ status: res.status, body: await res.text() })),
    );
    const signIns = Array.from({ length: SIGN_INS }, () =>
      fetch(`${gateway}/api/sign-in/password`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-device-id': deviceId,
          cookie: deviceCookie,
        },
        body: JSON.stringify({ username: USER, password: PASSWORD }),
      }).then(async (res) => ({ status: res.status, body: await res.text() })),
    );
    // Every request has reached the upstream: all are in flight in the gateway.
    while (arrived < READS + SIGN_INS) await new Promise((r) => setTimeout(r, 20));

    const signalled = Date.now();
    child.kill('SIGTERM');
    let drained = 0;
    const answered = Promise.all([...reads, ...signIns]).then((all) => {
      drained = Date.now();
      return all;
    });
    // Once the pause is over, a new connection is refused.
    let refusedAt = 0;
    while (!drained && !refusedAt) {
      if (!(await accepts(port))) refusedAt = Date.now();
      else await new Promise((r) => setTimeout(r, 50));
    }
    const answers = await answered;
    const { code, at } = await exited;
    await preconnectClosed;

    console.log(
      `shutdown: ${answers.length} requests in flight at SIGTERM, new connections refused ${refusedAt ? `${refusedAt - signalled} ms after it` : 'never while draining'}, all answered ${drained - signalled} ms after it; exit ${code} after ${at - signalled} ms (grace ${GRACE_MS} ms)`,
    );
    // Refused after the pause, while the in-flight requests were still being answered.
    expect(refusedAt - signalled).toBeGreaterThanOrEqual(PAUSE_MS);
    expect(refusedAt).toBeLessThan(drained);
    for (const read of answers.slice(0, READS)) {
      expect(read.status).toBe(200);
      expect(read.body).toContain(USER);
    }
    for (const signInAnswer of answers.slice(READS)) {
      // The sign-in flow's answer: the code screen next (the password checked, the code sent).
      expect(signInAnswer.status).toBe(200);
      expect(JSON.parse(signInAnswer.body).next).toBe('/mfa');
    }
    expect(code).toBe(0);
    expect(at - signalled).toBeLessThan(GRACE_MS);
    expect(await accepts(port)).toBe(false);
  }, 60_000);
});
