import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { buildMockUpstream } from '@portal/mock-upstream';
import getPort from 'get-port';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type Config, ConfigError, loadConfig } from '../config';
import {
  browserHeaders,
  cookieBrowser,
  customerSignIn,
  DEMO_PASSWORD,
  type TestStack,
  testStack,
} from '../test-helpers';

/**
 * Every call that sends a code is bounded per recipient and per account, not
 * only per client address (docs/security.md, "Code sends"): a victim's login
 * asked for from many addresses, one session sending codes to many numbers,
 * and SMS to numbers outside the variant's countries.
 */

const BUDGETS: Partial<Config> = {
  CODE_LIMIT_RECIPIENT: 5,
  CODE_LIMIT_ACCOUNT: 10,
  CODE_LIMIT_FOREIGN_SMS: 2,
  CODE_LIMIT_FOREIGN_SMS_TOTAL: 100,
};

const forgot = (s: TestStack, login: string, client: string) =>
  s.gateway.inject({
    method: 'POST',
    url: '/api/recovery/start',
    remoteAddress: client,
    headers: browserHeaders(s),
    payload: { by: 'email', login },
  });

/** customer@example.be (no second factor: no step-up before adding a login), signed in. */
async function customerSession(s: TestStack) {
  const res = await customerSignIn(s, DEMO_PASSWORD);
  const cookie = res.cookies.find((c) => c.name === 'access_token')?.value;
  if (!cookie) throw new Error(`sign-in failed: ${res.statusCode}`);
  const headers = {
    ...browserHeaders(s),
    cookie: `${browserHeaders(s).cookie}; access_token=${cookie}`,
  };
  return (payload: object) =>
    s.gateway.inject({ method: 'POST', url: '/api/user/login', headers, payload });
}

const smsTo = (s: TestStack, to: string) =>
  s.be.store.outbox.filter((m) => m.to === to && m.channel === 'sms').length;

describe('code sends per recipient', () => {
  it("answers a login's sixth forgot-password code 429 whatever address asks, known login or not", async () => {
    const s = await testStack({ config: BUDGETS });
    const statuses = async (login: string) => {
      const seen: string[] = [];
      for (let i = 1; i <= 6; i++) {
        const res = await forgot(s, login, `198.51.100.${i}`);
        seen.push(`${res.statusCode} ${res.statusCode === 429 ? res.json().code : ''}`);
        if (res.statusCode === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
          expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
        }
      }
      return seen;
    };
    const known = await statuses('employee@example.be');
    expect(known).toEqual(['200 ', '200 ', '200 ', '200 ', '200 ', '429 rate_limited']);
    // Five codes reached the victim, not six.
    expect(s.be.store.outbox.filter((m) => m.to === 'employee@example.be').length).toBe(5);
    // A login no account has: the very same answers (the cap says nothing about an account).
    expect(await statuses('nobody@example.be')).toEqual(known);
    // The same login however it is typed is the same recipient.
    expect((await forgot(s, ' Employee@Example.be ', '198.51.100.9')).statusCode).toBe(429);
  });
});

describe('code sends per account', () => {
  it('refuses the eleventh code a session sends to new numbers, and the third to a foreign one', async () => {
    const s = await testStack({ config: BUDGETS });
    const add = await customerSession(s);
    for (let i = 0; i < 2; i++) {
      const foreign = await add({ phone: `+44791112345${i}` });
      expect(foreign.statusCode).toBe(200);
    }
    // Outside BE and its neighbours: a smaller budget of its own.
    const third = await add({ phone: '+447911123452' });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again later.',
    });
    expect(smsTo(s, '+447911123452')).toBe(0);
    // Numbers at home and next door: up to the account's budget (ten sends in all).
    const statuses: number[] = [];
    for (const number of ['+32470123401', '+31612345678', '+33612345678', '+4915123456789']) {
      statuses.push((await add({ phone: number })).statusCode);
    }
    for (let i = 0; i < 5; i++) statuses.push((await add({ phone: `+3247012350${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 429, 429]);
    expect(smsTo(s, '+32470123503')).toBe(0);
  });

  it("spends nothing of a login's budgets on a wrong password: the owner still gets the first code", async () => {
    const s = await testStack({ config: BUDGETS });
    const signInFrom = (ip: string, password: string) =>
      s.gateway.inject({
        method: 'POST',
        url: '/api/sign-in/password',
        remoteAddress: ip,
        headers: browserHeaders(s),
        payload: { username: 'employee@example.be', password },
      });
    // Wrong passwords for someone else's login, from many addresses: more than its code budget.
    for (let i = 0; i < 8; i++) {
      expect((await signInFrom(`203.0.113.${i + 1}`, `Wrong-${i}`)).statusCode).toBe(400);
    }
    const sent = s.be.store.outbox.length;
    const owner = await signInFrom('198.51.100.7', DEMO_PASSWORD);
    expect(owner.json()).toMatchObject({ next: '/mfa', view: { check: { method: 'email' } } });
    expect(s.be.store.outbox.length).toBe(sent + 1);
  });

  it('bounds the code a right password sends at once as the method step does', async () => {
    const s = await testStack({ config: BUDGETS });
    const nexts: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await cookieBrowser(s).call('POST', '/api/sign-in/password', {
        username: 'employee@example.be',
        password: DEMO_PASSWORD,
      });
      nexts.push(res.json().next);
    }
    // Five codes to the primary method in the window; the sixth sign-in gets the list, nothing sent.
    expect(nexts).toEqual([...Array(5).fill('/mfa'), '/mfa/methods']);
    expect(
      s.be.store.outbox.filter((m) => m.to === 'employee@example.be' && m.code !== ''),
    ).toHaveLength(5);
  });

  it('bounds the resends of one sign-in code per second-factor method', async () => {
    const s = await testStack({ config: BUDGETS });
    const { call } = cookieBrowser(s);
    const first = await call('POST', '/api/sign-in/password', {
      username: 'employee@example.be',
      password: DEMO_PASSWORD,
    });
    const sms = first.json().view.methods.find((m: { method: string }) => m.method === 'sms');
    const resend = () => call('POST', '/api/sign-in/method', { mfaId: sms.id });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await resend()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(smsTo(s, '+32470000001')).toBe(5);
  });

  it("bounds a step-up's codes per method as a sign-in's: the journeys' own calls count too", async () => {
    const s = await testStack({ config: BUDGETS });
    const { call } = cookieBrowser(s);
    await call('POST', '/api/sign-in/password', {
      username: 'employee@example.be',
      password: DEMO_PASSWORD,
    });
    const code = s.be.store.outbox.findLast((m) => m.to === 'employee@example.be')?.code ?? '';
    expect((await call('POST', '/api/sign-in/code', { code })).statusCode).toBe(200);
    // The sign-in's own check holds 15 minutes: let it lapse, then step up by SMS.
    s.be.store.sudoUntil.clear();
    expect((await call('POST', '/api/step-up/start', {})).statusCode).toBe(200);
    const sms = (await call('GET', '/api/step-up'))
      .json()
      .methods.find((m: { method: string }) => m.method === 'sms');
    const statuses = [(await call('POST', '/api/step-up/method', { mfaId: sms.id })).statusCode];
    for (let i = 0; i < 5; i++) {
      statuses.push((await call('POST', '/api/step-up/resend', {})).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(smsTo(s, '+32470000001')).toBe(5);
  });
});

/** A Redis of this test's own (Debian's redis-server), on a free port, without persistence. */
async function startRedis(): Promise<string> {
  const port = await getPort();
  let server: ChildProcess;
  try {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
  } catch (err) {
    throw new Error(`redis-server could not start (apt-get install redis-server): ${err}`);
  }
  server.on('error', (err) => {
    throw new Error(`redis-server could not start (apt-get install redis-server): ${err.message}`);
  });
  onTestFinished(async () => {
    server.kill();
    if (server.exitCode === null) await once(server, 'exit');
  });
  const stdout = server.stdout;
  if (!stdout) throw new Error('redis-server has no output');
  for await (const chunk of stdout) {
    if (String(chunk).includes('Ready to accept connections')) break;
  }
  return `redis://127.0.0.1:${port}`;
}

describe('code budgets shared between gateways', () => {
  it("spends one login's budget on whichever gateway is asked", async () => {
    const url = await startRedis();
    const upstream = buildMockUpstream({ region: 'be' });
    await upstream.app.listen({ port: 0, host: '127.0.0.1' });
    onTestFinished(() => upstream.app.close());
    const config = { REDIS_URL: url, ...BUDGETS };
    const stacks = [await testStack({ upstream, config }), await testStack({ upstream, config })];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const stack = stacks[i % 2] as TestStack;
      statuses.push((await forgot(stack, 'employee@example.be', `198.51.100.${i}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('code budgets configuration', () => {
  it('reads the expected countries as calling codes, and stops on a bad list naming the variable', () => {
    expect(loadConfig({}).SMS_COUNTRIES_BE).toEqual(['32', '31', '33', '49', '352']);
    expect(loadConfig({ SMS_COUNTRIES_LU: '+352, 33' }).SMS_COUNTRIES_LU).toEqual(['352', '33']);
    expect(() => loadConfig({ SMS_COUNTRIES_BE: 'BE,FR' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_COUNTRIES_BE: 'BE,FR' })).toThrow(/SMS_COUNTRIES_BE/);
    expect(() => loadConfig({ CODE_LIMIT_RECIPIENT: '0' })).toThrow(/CODE_LIMIT_RECIPIENT/);
  });
});
