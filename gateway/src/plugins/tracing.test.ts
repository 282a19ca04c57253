import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { browserHeaders, customerSignIn, DEMO_PASSWORD, signIn, testStack } from '../test-helpers';

/** A loopback HTTP server that keeps each request's headers and body and answers `answer`. */
async function recorder(answer: string, contentType = 'application/json') {
  const requests: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(200, { 'content-type': contentType }).end(answer);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { requests, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

// The first gateway with tracing loads the OTLP exporter: seconds on a busy machine.
describe('trace context', { timeout: 20_000 }, () => {
  it('continues an incoming sampled trace when configured to trust it (parentbased_): its trace id reaches the account API, through a gateway span', async () => {
    const collector = await recorder('', 'application/x-protobuf');
    onTestFinished(collector.close);
    const stack = await testStack({
      record: true,
      config: {
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      },
    });
    const { gateway, lastSignIn } = stack;
    const res = await customerSignIn(stack, DEMO_PASSWORD, {
      traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
    });
    expect(res.statusCode).toBe(200);
    const sent = String(lastSignIn()?.traceparent);
    const [version, traceId, parentId, flags] = sent.split('-');
    expect([version, traceId, flags]).toEqual(['00', TRACE_ID, '01']);
    // The account API's parent is the gateway's own call span, not the caller's.
    expect(parentId).toMatch(/^[0-9a-f]{16}$/);
    expect(parentId).not.toBe(PARENT_ID);
    // The sampled spans are exported (OTLP over HTTP, protobuf) when the gateway stops.
    await gateway.close();
    const exported = Buffer.concat(collector.requests.map((r) => r.body));
    expect(collector.requests[0]?.headers['content-type']).toBe('application/x-protobuf');
    expect(exported.includes(Buffer.from(TRACE_ID, 'hex'))).toBe(true);
    expect(exported.includes(Buffer.from('POST /api/sign-in/password'))).toBe(true);
    expect(exported.includes(Buffer.from('POST /token'))).toBe(true);
  });

  it("traces a drawn dashboard as one request: its own read of the user is the page's, not a request span of its own", async () => {
    const web = mkdtempSync(join(tmpdir(), 'portal-traced-'));
    mkdirSync(join(web, 'ssr'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(
      join(web, 'ssr', 'entry-server.mjs'),
      [
        "export const ENTRY_PAGES = []; export const SIGNED_IN_PAGES = ['/user/dashboard'];",
        "export const PAGE_SOURCES = {}; export const localeFor = () => 'en';",
        'export const renderSignedIn = async (location, config, user) =>',
        "  ({ lang: 'en', title: 'Dashboard', html: '<main>' + user.firstname + '</main>', data: '{}' });",
      ].join('\n'),
    );
    const collector = await recorder('', 'application/x-protobuf');
    onTestFinished(collector.close);
    const stack = await testStack({
      record: true,
      config: {
        WEB_DIST: web,
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      },
    });
    const { gateway } = stack;
    const token = await signIn(stack, 'customer@example.be');
    const page = await gateway.inject({
      url: '/user/dashboard',
      headers: { ...browserHeaders(stack), traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
      cookies: { access_token: token },
    });
    expect(page.body).toContain('<main>Chloé</main>');
    await gateway.close();
    const exported = Buffer.concat(collector.requests.map((r) => r.body));
    expect(exported.includes(Buffer.from('GET /*'))).toBe(true);
    // The account API's call is in the page's trace; no span says a client asked for /api/user.
    expect(exported.includes(Buffer.from('GET /api/user'))).toBe(false);
  });

  it("does not obey a client's sampled flag by default: the trace id goes on, nothing is exported", async () => {
    const collector = await recorder('', 'application/x-protobuf');
    onTestFinished(collector.close);
    const stack = await testStack({
      record: true,
      config: {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      },
    });
    const { gateway, lastSignIn } = stack;
    const res = await customerSignIn(stack, DEMO_PASSWORD, {
      traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
    });
    expect(res.statusCode).toBe(200);
    // Same trace (the account API's lines still match), but not sampled.
    expect(String(lastSignIn()?.traceparent)).toMatch(
      new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-00$`),
    );
    await gateway.close();
    expect(collector.requests).toEqual([]);
  });

  it('puts the trace id on every log line of a traced request, the one the account API gets', async () => {
    const stack = await testStack({
      record: true,
      config: {
        OTEL_TRACES_EXPORTER: 'console',
        OTEL_TRACES_SAMPLER: 'always_off',
        LOG_LEVEL: 'info',
      },
    });
    const { gateway, lastSignIn, lines } = stack;
    const res = await customerSignIn(stack, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const traceId = String(lastSignIn()?.traceparent).split('-')[1];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const ofRequest = lines.filter((line) => line.reqId === res.headers['x-request-id']);
    expect(ofRequest.map((line) => line.msg)).toContain('request completed');
    for (const line of ofRequest) expect(line.trace_id, String(line.msg)).toBe(traceId);
    await gateway.close();
  });

  it('with tracing off, puts a caller’s trace id on the request’s log lines', async () => {
    const stack = await testStack({ record: true, config: { LOG_LEVEL: 'info' } });
    const { gateway, lines } = stack;
    const res = await customerSignIn(stack, DEMO_PASSWORD, {
      traceparent: `00-${TRACE_ID}-${PARENT_ID}-01`,
    });
    const access = lines.find(
      (line) => line.reqId === res.headers['x-request-id'] && line.msg === 'request completed',
    );
    expect(access?.trace_id).toBe(TRACE_ID);
    await gateway.close();
  });

  it('says once, in one JSON line, that the collector is unreachable, and shuts down cleanly', async () => {
    const closed = await recorder('');
    await closed.close();
    const stack = await testStack({
      record: true,
      config: {
        OTEL_EXPORTER_OTLP_ENDPOINT: closed.url,
        OTEL_TRACES_SAMPLER: 'always_on',
        LOG_LEVEL: 'info',
      },
    });
    const { gateway, lines, written } = stack;
    for (let i = 0; i < 3; i++) {
      expect((await customerSignIn(stack, DEMO_PASSWORD)).statusCode).toBe(200);
    }
    await expect(gateway.close()).resolves.toBeUndefined();
    // Of the lines that speak of traces (others may warn of other settings), one warning.
    const warnings = lines.filter(
      (line) => Number(line.level) >= 40 && /trace|span/.test(String(line.msg)),
    );
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(warnings.map((line) => line.msg)).toEqual([
      'trace collector unreachable: spans are dropped until it answers',
    ]);
    expect(warnings[0]).toMatchObject({ collector: `${closed.url}/v1/traces` });
    // No stack trace in any line (JSON writes its newlines as \\n).
    expect(written.join('\n')).not.toMatch(/\\n\s+at /);
  });

  it('samples no new trace by default (rate 0), yet gives the account API one trace id per request', async () => {
    const collector = await recorder('', 'application/x-protobuf');
    onTestFinished(collector.close);
    const stack = await testStack({
      record: true,
      config: {
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      },
    });
    const { gateway, lastSignIn } = stack;
    expect((await customerSignIn(stack, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(String(lastSignIn()?.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    await gateway.close();
    expect(collector.requests).toEqual([]);
  });

  it('with tracing off, passes a caller’s traceparent on to the account API as it came, and none of its own', async () => {
    const stack = await testStack({ record: true });
    const { lastSignIn } = stack;
    const traceparent = `00-${TRACE_ID}-${PARENT_ID}-01`;
    expect((await customerSignIn(stack, DEMO_PASSWORD, { traceparent })).statusCode).toBe(200);
    expect(lastSignIn()?.traceparent).toBe(traceparent);
    expect((await customerSignIn(stack, DEMO_PASSWORD)).statusCode).toBe(200);
    expect(lastSignIn()?.traceparent).toBeUndefined();
    // A malformed one is not passed on.
    await customerSignIn(stack, DEMO_PASSWORD, { traceparent: 'not-a-trace' });
    expect(lastSignIn()?.traceparent).toBeUndefined();
  });

  it('sends no trace context to the captcha verifier', async () => {
    const verifier = await recorder(JSON.stringify({ success: true }));
    onTestFinished(verifier.close);
    const stack = await testStack({
      record: true,
      config: {
        OTEL_TRACES_EXPORTER: 'console',
        OTEL_TRACES_SAMPLER: 'parentbased_always_off',
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'the-captcha-secret',
        CAPTCHA_VERIFY_URL: `${verifier.url}/siteverify`,
      },
    });
    const { gateway, lastSignIn } = stack;
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { ...browserHeaders(stack), traceparent: `00-${TRACE_ID}-${PARENT_ID}-00` },
      payload: {
        username: 'customer@example.be',
        password: DEMO_PASSWORD,
        captcha: 'a-token',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(verifier.requests).toHaveLength(1);
    expect(verifier.requests[0]?.headers.traceparent).toBeUndefined();
    expect(String(lastSignIn()?.traceparent)).toContain(TRACE_ID);
  });
});
