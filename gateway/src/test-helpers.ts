import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
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

export { standInBuild } from './render/stand-in-build';
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

/**
 * How a test wants its stack (`testStack`), every option optional:
 * - `config`: the gateway's configuration over `testConfig()`'s.
 * - `scope`: who closes it. `'test'` (the default): the calling test, when it
 *   ends. `'file'`: the test file, after its last test; the stack is returned
 *   at once and started before the file's first test. `'caller'`: the caller
 *   calls `close()` (a script, a bench, a test's own `beforeAll`).
 * - `listen`: the gateway listens on loopback at a free port, that exact
 *   origin one of its Belgian origins (`Host` must match an origin exactly,
 *   port included): for tests that call it over HTTP as a browser would
 *   (`base`).
 * - `record`: `true` records the headers of every call the mock account API
 *   gets (`calls`, `lastSignIn`) and keeps the gateway's log lines at `info`
 *   (`lines`, `written`); `'logs'` keeps the log lines only.
 * - `upstream`: `'two'` (the default; `record: true` makes it `'one'`) starts
 *   a mock per variant; `'one'` one mock serving both; a `MockApp` of the
 *   caller's (listening, or behind the `UPSTREAM_*_URL` of `config`) serves
 *   both and is left open by `close()`: several gateways on one account API.
 */
export interface StackOptions {
  config?: Partial<Config>;
  scope?: 'file' | 'test' | 'caller';
  listen?: boolean;
  record?: boolean | 'logs';
  upstream?: 'two' | 'one' | MockApp;
}

/** The gateway's log lines, as written and parsed (`record`). */
export interface LogLines {
  lines: Record<string, unknown>[];
  written: string[];
}

/** The calls the mock account API got (`record: true`). */
export interface UpstreamCalls {
  calls: { call: string; headers: IncomingHttpHeaders }[];
  /** The headers of the last sign-in call (others, like a sign-in's own account lookup, run beside). */
  lastSignIn(): IncomingHttpHeaders | undefined;
}

/** The stack `testStack(options)` gives: with `base` when listening, the recordings when recording. */
export type StackOf<O extends StackOptions> = TestStack &
  (O extends { listen: true } ? { base: string } : unknown) &
  (O extends { record: true } ? UpstreamCalls & LogLines : unknown) &
  (O extends { record: 'logs' } ? LogLines : unknown);

/**
 * The one gateway test stack: a gateway (`buildApp`) on real mock account
 * APIs listening on port 0 in this process, and the helpers' browser on it
 * (`deviceId`, `deviceCookie`). See `StackOptions`; with `scope: 'file'` the
 * stack is returned at once (the same object all along, so a test may set its
 * `deviceId`), else a promise of it.
 */
export function testStack<const O extends StackOptions = Record<never, never>>(
  options?: O,
): O extends { scope: 'file' } ? StackOf<O> : Promise<StackOf<O>>;
export function testStack(options: StackOptions = {}): TestStack | Promise<TestStack> {
  const { scope = 'test' } = options;
  if (scope === 'file') {
    const stack = {} as TestStack;
    beforeAll(async () => {
      Object.assign(stack, await startTestStack(options));
    });
    afterAll(() => stack.close());
    return stack;
  }
  return startTestStack(options).then((stack) => {
    if (scope === 'test') onTestFinished(() => stack.close());
    return stack;
  });
}

async function startTestStack({
  config = {},
  listen = false,
  record = false,
  upstream = record === true ? 'one' : 'two',
}: StackOptions): Promise<TestStack & Partial<UpstreamCalls & LogLines & { base: string }>> {
  const own = typeof upstream === 'string';
  if (record === true && !own)
    throw new Error(
      "record: true records the calls of a mock the stack starts; use record: 'logs'",
    );
  const be = own ? buildMockUpstream({ region: 'be' }) : upstream;
  const lu = upstream === 'two' ? buildMockUpstream({ region: 'lu' }) : be;
  const calls: UpstreamCalls['calls'] = [];
  if (record === true)
    for (const mock of new Set([be, lu]))
      mock.app.addHook('onRequest', async (request) => {
        calls.push({ call: `${request.method} ${request.url}`, headers: request.headers });
      });
  // A mock of the caller's that does not listen is behind the `UPSTREAM_*_URL` of `config`.
  const urlOf = async (mock: MockApp) => {
    if (own) return mock.app.listen({ port: 0, host: '127.0.0.1' });
    const address = mock.app.server.address() as AddressInfo | null;
    return address ? `http://127.0.0.1:${address.port}` : undefined;
  };
  const beUrl = await urlOf(be);
  const luUrl = lu === be ? beUrl : await urlOf(lu);
  const port = listen ? await getPort() : undefined;
  const log = record ? logCapture() : undefined;
  const gateway = await buildApp(
    testConfig({
      ...(beUrl ? { UPSTREAM_BE_URL: beUrl, UPSTREAM_LU_URL: luUrl } : {}),
      ...(port
        ? { PUBLIC_ORIGIN_BE: [`http://127.0.0.1:${port}`, ...testConfig().PUBLIC_ORIGIN_BE] }
        : {}),
      ...(log ? { LOG_LEVEL: 'info' as const } : {}),
      ...config,
    }),
    log ? { logStream: log.stream } : {},
  );
  const base = port ? await gateway.listen({ port, host: '127.0.0.1' }) : undefined;
  return {
    gateway,
    be,
    lu,
    deviceId: randomUUID(),
    deviceCookie: newDeviceCookie(),
    close: async () => {
      await gateway.close();
      if (own) for (const mock of new Set([be, lu])) await mock.app.close();
    },
    ...(base ? { base } : {}),
    ...(log ? { lines: log.lines, written: log.written } : {}),
    ...(record === true
      ? { calls, lastSignIn: () => calls.findLast((c) => c.call === 'POST /token')?.headers }
      : {}),
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
 * A browser on the journey at `/api/<journey>` (`cookieBrowser`'s jar and
 * calls): `step(name, body)` posts one of its steps, `read()` reads its flow,
 * and the code step the journeys that send codes share: `method` (a code by
 * that method), `resend`, `code` (with a step's own fields in `extra`).
 */
export function journeyBrowser(
  on: TestStack,
  journey: string,
  options: Parameters<typeof cookieBrowser>[1] = {},
) {
  const browser = cookieBrowser(on, options);
  const step = (name: string, body: object = {}) =>
    browser.call('POST', `/api/${journey}/${name}`, body);
  return {
    ...browser,
    step,
    read: () => browser.call('GET', `/api/${journey}`),
    method: (mfaId: number) => step('method', { mfaId }),
    resend: () => step('resend'),
    code: (code: string, extra: object = {}) => step('code', { code, ...extra }),
  };
}

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
 * The first step of a password sign-in, the sign-in flow's
 * (`POST /api/sign-in/password`), as the browser of `stack` sends it: 200
 * with the `next` page (the code screen `/mfa` with the primary method's code
 * sent, the method list, or the page after sign-in with the session cookie
 * set), 400 at its field, 429 locked. `extra`: the captcha's token, a target.
 */
export function passwordSignIn(
  stack: TestStack,
  username: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = browserHeaders(stack),
  extra: { captcha?: string; target?: string } = {},
) {
  return stack.gateway.inject({
    method: 'POST',
    url: '/api/sign-in/password',
    headers,
    payload: { username, password, ...extra },
  } satisfies InjectOptions);
}

/** Whether a sign-in's step asks for the second factor next (the code screen or the method list). */
export const asksSecondFactor = (res: LightMyRequestResponse) =>
  res.statusCode === 200 && res.json().view !== null;

/** The `flow` cookie a step set: the journey's id, for the next step of the same browser. */
export function flowOf(res: LightMyRequestResponse): string {
  const flow = res.cookies.find((c) => c.name === 'flow')?.value;
  if (!flow) throw new Error(`no flow cookie: ${res.statusCode} ${res.body}`);
  return flow;
}

/**
 * A later step of a journey (`/api/sign-in/code`, `/api/step-up/method`…) in
 * the helpers' browser holding the journey's `flow` cookie (and `cookies`:
 * a session, say).
 */
export function flowStep(
  stack: TestStack,
  url: string,
  flow: string,
  payload: object = {},
  {
    host = 'be.localhost:3000',
    cookies = {},
  }: { host?: string; cookies?: Record<string, string> } = {},
) {
  return stack.gateway.inject({
    method: 'POST',
    url,
    headers: browserHeaders(stack, host),
    cookies: { device: stack.deviceCookie, flow, ...cookies },
    payload,
  });
}

/**
 * The last code the mock of `region` sent to `to` (an address or a number),
 * '' when none was: what the person reads in the message. Notices (a new
 * device, a changed password) carry no code and are passed over.
 */
export function lastCode(stack: TestStack, to: string, region: 'be' | 'lu' = 'be'): string {
  return stack[region].store.outbox.findLast((m) => m.to === to && m.code !== '')?.code ?? '';
}

/** The last code the mock's outbox got for the second-factor method `mfaId`. */
export function codeOf(stack: TestStack, mfaId: number, host = 'be.localhost:3000'): string {
  const mock = mockOf(stack, host);
  const to = mock.store.mfaMethods.get(mfaId)?.target ?? '';
  const code = lastCode(stack, to, mock === stack.lu ? 'lu' : 'be');
  if (!code) throw new Error(`no code was sent to method ${mfaId}`);
  return code;
}

/**
 * Finishes the second factor of a journey (`journey`: `sign-in` or
 * `step-up`) whose step answered `first` like a person would: the code
 * under way when it went by e-mail or SMS, else one asked by e-mail (else
 * SMS) from the method list, typed as the mock's outbox received it.
 * Returns the answer of the code step.
 */
export async function completeMfa(
  stack: TestStack,
  first: LightMyRequestResponse,
  host = 'be.localhost:3000',
  options: {
    trustDevice?: boolean;
    journey?: 'sign-in' | 'step-up';
    cookies?: Record<string, string>;
  } = {},
) {
  const { journey = 'sign-in', cookies = {} } = options;
  const flow = flowOf(first);
  // A door that hands over to the sign-in's second factor (a workplace login's link)
  // answers its own body: the step's view is the flow's, read as the code screen reads it.
  const view = ((first.json() as { view?: unknown }).view ??
    (
      await stack.gateway.inject({
        url: `/api/${journey}`,
        headers: apiHeaders(host),
        cookies: { device: stack.deviceCookie, flow, ...cookies },
      })
    ).json()) as {
    methods: { id: number; method: string }[];
    check: { method: string; mfaId: number } | null;
  };
  let mfaId = view.check && ['email', 'sms'].includes(view.check.method) ? view.check.mfaId : null;
  if (mfaId === null) {
    const method =
      view.methods.find((m) => m.method === 'email') ??
      view.methods.find((m) => m.method === 'sms');
    if (!method) throw new Error('no e-mail or SMS method to finish MFA with');
    const sent = await flowStep(
      stack,
      `/api/${journey}/method`,
      flow,
      { mfaId: method.id },
      {
        host,
        cookies,
      },
    );
    if (sent.statusCode !== 200)
      throw new Error(`MFA start failed: ${sent.statusCode} ${sent.body}`);
    mfaId = method.id;
  }
  const code = codeOf(stack, mfaId, host);
  const done = await flowStep(
    stack,
    `/api/${journey}/code`,
    flow,
    journey === 'sign-in' ? { code, trust: options.trustDevice ?? false } : { code },
    { host, cookies },
  );
  // The gateway renews the device key at a sign-in's code step: the browser keeps the new one.
  const renewed = done.cookies.find((c) => c.name === 'device')?.value;
  if (renewed) stack.deviceCookie = renewed;
  return done;
}

/** A sign-in with a wrong password (the sign-in flow's first step): refused (400) and counted. */
export const wrongPassword = {
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
 * Signs in through the sign-in flow's steps (completing MFA by the outbox
 * when the account asks for it) and returns the session cookie's value.
 * `trustDevice` also trusts the helpers' browser (its device cookie), so that
 * later sign-ins from it skip MFA.
 */
export async function signIn(
  stack: TestStack,
  username = 'employee@example.be',
  host = 'be.localhost:3000',
  options: { trustDevice?: boolean } = {},
): Promise<string> {
  let res = await passwordSignIn(stack, username, DEMO_PASSWORD, browserHeaders(stack, host));
  if (asksSecondFactor(res)) res = await completeMfa(stack, res, host, options);
  const cookie = res.cookies.find((c) => c.name === 'access_token');
  if (res.statusCode !== 200 || !cookie)
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/**
 * A step-up of the session `token` through the step-up flow's steps (its
 * start, then the code from the outbox): returns the session's renewed token.
 */
export async function stepUp(
  stack: TestStack,
  token: string,
  host = 'be.localhost:3000',
): Promise<string> {
  const cookies = { access_token: token };
  const start = await stack.gateway.inject({
    method: 'POST',
    url: '/api/step-up/start',
    headers: browserHeaders(stack, host),
    cookies: { device: stack.deviceCookie, ...cookies },
    payload: {},
  });
  if (!asksSecondFactor(start)) throw new Error(`step-up start: ${start.statusCode} ${start.body}`);
  const done = await completeMfa(stack, start, host, { journey: 'step-up', cookies });
  if (done.statusCode !== 200) throw new Error(`step-up failed: ${done.statusCode} ${done.body}`);
  return done.cookies.find((c) => c.name === 'access_token')?.value ?? token;
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
