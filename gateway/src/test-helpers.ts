import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Writable } from 'node:stream';
import { buildMockUpstream, type MockApp } from '@portal/mock-upstream';
import { DEMO_PASSWORD } from '@portal/mock-upstream/seed';
import { type AppRoute, isAppRoute } from '@ts-rest/core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import getPort from 'get-port';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { buildApp } from './app';
import { type Config, testConfig } from './config';
import { deviceKeys, deviceSecretOf } from './plugins/device-key';

/** Every demo account's password, as the mock's seed sets it. */
export { DEMO_PASSWORD };

export interface TestStack {
  gateway: FastifyInstance;
  be: MockApp;
  lu: MockApp;
  deviceId: string;
  /**
   * The `device` cookie of the browser the helpers play (the gateway sets one
   * on the first call of a browser that has none; any 32 random bytes will do):
   * trusting a device is bound to it.
   */
  deviceCookie: string;
  /** The browser's User-Agent, when a test needs the account API to name its device. */
  userAgent?: string;
  close(): Promise<void>;
}

/** A gateway wired to two real mock upstreams listening on port 0 in this process. */
export async function startStack(overrides: Partial<Config> = {}): Promise<TestStack> {
  const be = buildMockUpstream({ region: 'be' });
  const lu = buildMockUpstream({ region: 'lu' });
  const beUrl = await be.app.listen({ port: 0, host: '127.0.0.1' });
  const luUrl = await lu.app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = await buildApp(
    testConfig({ UPSTREAM_BE_URL: beUrl, UPSTREAM_LU_URL: luUrl, ...overrides }),
  );
  return {
    gateway,
    be,
    lu,
    deviceId: randomUUID(),
    deviceCookie: newDeviceCookie(),
    close: async () => {
      await gateway.close();
      await be.app.close();
      await lu.app.close();
    },
  };
}

/**
 * The test file's stack: started before its first test, closed after its
 * last. The object is there at once (tests read it only once it is
 * started) and stays the same one, so a test may set its `deviceId`.
 */
export function fileStack(overrides: Partial<Config> = {}): TestStack {
  const stack = {} as TestStack;
  beforeAll(async () => {
    Object.assign(stack, await startStack(overrides));
  });
  afterAll(() => stack.close());
  return stack;
}

/** A stack of the calling test's own (a configuration the file's stack has not), closed when it ends. */
export async function stackForTest(overrides: Partial<Config> = {}): Promise<TestStack> {
  const stack = await startStack(overrides);
  onTestFinished(() => stack.close());
  return stack;
}

/** The helpers' browser on a gateway whose one mock account API serves both variants. */
export function stackOf(gateway: FastifyInstance, upstream: MockApp): TestStack {
  return {
    gateway,
    be: upstream,
    lu: upstream,
    deviceId: randomUUID(),
    deviceCookie: newDeviceCookie(),
    close: async () => {},
  };
}

/** A log stream for `buildApp`, and the lines written into it: as written, and parsed. */
export function logCapture() {
  const written: string[] = [];
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        written.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { stream, written, lines };
}

/**
 * A gateway on one mock account API that records the headers of every call
 * it gets, writing its log lines into `lines` (`written`: as written); both
 * are closed when the calling test ends.
 */
export async function recordingGateway(overrides: Partial<Config> = {}) {
  const upstream = buildMockUpstream({ region: 'be' });
  const calls: { call: string; headers: IncomingHttpHeaders }[] = [];
  upstream.app.addHook('onRequest', async (request) => {
    calls.push({ call: `${request.method} ${request.url}`, headers: request.headers });
  });
  /** The headers of the last sign-in call (others, like a sign-in's own account lookup, run beside). */
  const lastSignIn = () => calls.findLast((c) => c.call === 'POST /token')?.headers;
  const url = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
  const log = logCapture();
  const gateway = await buildApp(
    testConfig({ UPSTREAM_BE_URL: url, UPSTREAM_LU_URL: url, LOG_LEVEL: 'info', ...overrides }),
    { logStream: log.stream },
  );
  onTestFinished(async () => {
    await gateway.close();
    await upstream.app.close();
  });
  const stack = stackOf(gateway, upstream);
  return { gateway, upstream, calls, lastSignIn, lines: log.lines, written: log.written, stack };
}

/**
 * A stack whose gateway listens on loopback at a free port, configured with
 * that exact origin (`Host` must match an origin exactly, port included):
 * for tests that call it over HTTP, as a browser would. Returns the base URL.
 */
export async function listeningStack(
  overrides: Partial<Config> = {},
): Promise<{ stack: TestStack; base: string }> {
  const port = await getPort();
  const stack = await startStack({
    PUBLIC_ORIGIN_BE: [`http://127.0.0.1:${port}`, ...testConfig().PUBLIC_ORIGIN_BE],
    ...overrides,
  });
  const base = await stack.gateway.listen({ port, host: '127.0.0.1' });
  return { stack, base };
}

/** A value of the `device` cookie as the gateways of `testConfig` issue them (signed). */
export const newDeviceCookie = () => testDeviceKeys.issue();

/**
 * A browser for a journey's tests: its cookie jar (a device cookie to start,
 * then what the gateway sets, and without what it clears or expires) and the
 * portal calls as the web app makes them (`call`). `keep` and `cookie` serve
 * a test's own requests (a page load, a form post) with the same jar.
 */
export function cookieBrowser(
  on: TestStack,
  {
    host = 'be.localhost:3000',
    headers = {},
    cookies = {},
  }: { host?: string; headers?: Record<string, string>; cookies?: Record<string, string> } = {},
) {
  const jar = new Map<string, string>([['device', newDeviceCookie()], ...Object.entries(cookies)]);
  const keep = (res: LightMyRequestResponse) => {
    for (const cookie of res.cookies) {
      const gone =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (gone) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return res;
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    keep(
      await on.gateway.inject({
        method,
        url,
        headers: {
          host,
          'x-device-id': '00000000-0000-4000-8000-000000000001',
          ...headers,
          cookie: cookie(),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { payload } : {}),
      } satisfies InjectOptions),
    );
  return { jar, keep, cookie, call };
}
const testDeviceKeys = deviceKeys(deviceSecretOf(testConfig()));

/**
 * The headers of the plainest portal call a browser makes: its Host and the
 * X-Device-ID every /api call carries (the CSRF rule holds for reads too).
 */
export function apiHeaders(host = 'be.localhost:3000') {
  return { host, 'x-device-id': '00000000-0000-4000-8000-000000000001' };
}

/** Headers the web app sends on every state-changing call (with the browser's device cookie). */
export function browserHeaders(stack: TestStack, host = 'be.localhost:3000') {
  return {
    host,
    'x-device-id': stack.deviceId,
    'content-type': 'application/json',
    cookie: `device=${stack.deviceCookie}`,
    ...(stack.userAgent ? { 'user-agent': stack.userAgent } : {}),
  };
}

/** The mock upstream that serves `host` (the gateway's default LU hosts). */
export function mockOf(stack: TestStack, host: string): MockApp {
  const name = host.replace(/:\d+$/, '');
  return name === 'lu.localhost' || name === 'account.example.lu' ? stack.lu : stack.be;
}

/**
 * The first step of a password sign-in (`POST /api/token`) as the browser of
 * `stack` sends it: 200 when that signs in, 401 with the `mfa` to finish.
 */
export function passwordSignIn(
  stack: TestStack,
  username: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = browserHeaders(stack),
) {
  return stack.gateway.inject({
    method: 'POST',
    url: '/api/token',
    headers,
    payload: { grant_type: 'password', username, password },
  } satisfies InjectOptions);
}

/**
 * Sends the code of a sign-in's challenge (`GET /api/mfa/sudo`): to the
 * method `mfaId`, or without one to the primary method.
 */
export function startCodeCheck(
  stack: TestStack,
  payload: string,
  mfaId?: number,
  host = 'be.localhost:3000',
) {
  const method = mfaId === undefined ? '' : `&mfaId=${mfaId}`;
  return stack.gateway.inject({
    method: 'GET',
    url: `/api/mfa/sudo?payload=${encodeURIComponent(payload)}${method}`,
    headers: browserHeaders(stack, host),
  });
}

/** Answers a sign-in's challenge (`POST /api/mfa/sudo`) with `body`: its payload and the code. */
export function sendCode(stack: TestStack, body: object, host = 'be.localhost:3000') {
  return stack.gateway.inject({
    method: 'POST',
    url: '/api/mfa/sudo',
    headers: browserHeaders(stack, host),
    payload: body,
  });
}

/**
 * Finishes the MFA of a sign-in (a 401's `mfa`) like a person would: asks for
 * an e-mail (else SMS) code and types the one the mock's outbox received.
 * Returns the answer of `POST /api/mfa/sudo`.
 */
export async function completeMfa(
  stack: TestStack,
  mfa: { payload: string; methods: { id: number; method: string }[] },
  host = 'be.localhost:3000',
  options: { trustDevice?: boolean } = {},
) {
  const method =
    mfa.methods.find((m) => m.method === 'email') ?? mfa.methods.find((m) => m.method === 'sms');
  if (!method) throw new Error('no e-mail or SMS method to finish MFA with');
  const start = await startCodeCheck(stack, mfa.payload, method.id, host);
  if (start.statusCode !== 200)
    throw new Error(`MFA start failed: ${start.statusCode} ${start.body}`);
  const { store } = mockOf(stack, host);
  const to = store.mfaMethods.get(method.id)?.target;
  const code = store.outbox.findLast((m) => m.to === to && m.code !== '')?.code;
  const done = await sendCode(
    stack,
    { payload: mfa.payload, code, isTrustedDevice: options.trustDevice ?? false },
    host,
  );
  // The gateway renews the device key at this step: the browser keeps the new one.
  const renewed = done.cookies.find((c) => c.name === 'device')?.value;
  if (renewed) stack.deviceCookie = renewed;
  return done;
}

/** A sign-in with a wrong password: the account API refuses it (400) and counts it. */
export const wrongPassword = {
  grant_type: 'password',
  username: 'employee@example.be',
  password: 'not-the-password-1',
};

/** A password sign-in of customer@example.be (no second factor), as the browser of `stack` sends it. */
export function customerSignIn(
  stack: TestStack,
  password: string,
  extra: Record<string, string> = {},
) {
  return passwordSignIn(stack, 'customer@example.be', password, {
    ...browserHeaders(stack),
    ...extra,
  });
}

/**
 * Signs in through the portal (completing MFA by the outbox when the account
 * asks for it) and returns the session cookie's value. `trustDevice` also
 * trusts `stack.deviceId`, so that later sign-ins from it skip MFA.
 */
export async function signIn(
  stack: TestStack,
  username = 'employee@example.be',
  host = 'be.localhost:3000',
  options: { trustDevice?: boolean } = {},
): Promise<string> {
  let res = await passwordSignIn(stack, username, DEMO_PASSWORD, browserHeaders(stack, host));
  if (res.statusCode === 401) res = await completeMfa(stack, res.json().mfa, host, options);
  const cookie = res.cookies.find((c) => c.name === 'access_token');
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/** Every route of a contract router (the portal's: every door the browser has). */
export function routesOf(router: object): AppRoute[] {
  return Object.values(router).flatMap((value) =>
    isAppRoute(value) ? [value] : routesOf(value as object),
  );
}

/** A route's path with its parameters filled in with plausible values. */
export function pathOf(route: AppRoute): string {
  return route.path.replace(/:(\w+)\??/g, (_m, name: string) =>
    name === 'provider' ? 'microsoft' : '1',
  );
}
