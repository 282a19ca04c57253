// Cross-cutting (profile, auth, MFA, passkeys and the session plugin at once): here, beside no one route.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  DEMO_PASSWORD,
  newDeviceCookie,
  signIn,
  type TestStack,
  testStack,
} from './test-helpers';

/**
 * A session's life after it exists (docs/threat-model.md, "A session's
 * life"): a password change ends every other session, a step-up and every
 * change to what proves the account move the session to a new token. Each
 * test is a browser (A, B) through the gateway to the real mock account API.
 */

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A browser of its own: its device cookie, its user agent and the session
 * cookie it holds, which follows every Set-Cookie the gateway answers (a
 * renewed token replaces it, a cleared one drops it), as a browser's jar does.
 */
async function browserSignedIn(login: string, userAgent: string) {
  const own: TestStack = { ...stack, deviceCookie: newDeviceCookie(), userAgent };
  const jar: { token: string | undefined; flow?: string } = { token: await signIn(own, login) };
  const call = async (method: Method, url: string, payload?: object) => {
    const cookie = [`device=${own.deviceCookie}`];
    if (jar.token) cookie.push(`access_token=${jar.token}`);
    if (jar.flow) cookie.push(`flow=${jar.flow}`);
    const { 'content-type': _json, ...bare } = browserHeaders(own);
    const res = await stack.gateway.inject({
      method,
      url,
      headers: { ...(payload ? browserHeaders(own) : bare), cookie: cookie.join('; ') },
      ...(payload ? { payload } : {}),
    });
    const set = res.cookies.find((c) => c.name === 'access_token');
    if (set) jar.token = set.value === '' ? undefined : set.value;
    const flow = res.cookies.find((c) => c.name === 'flow');
    if (flow) jar.flow = flow.value === '' ? undefined : flow.value;
    return res;
  };
  return { call, jar };
}

/** A copy of a demo account for this test alone (its password, factors and names). */
async function ownAccount(from: string): Promise<string> {
  const res = await stack.be.app.inject({
    method: 'POST',
    url: '/__dev/accounts',
    payload: { from },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`no copy of ${from}`);
  return res.json().login;
}

describe('a password change ends every other session', () => {
  it('signs browser B out when A changes the password, names B to A and renews A', async () => {
    const login = await ownAccount('employee@example.be');
    const a = await browserSignedIn(login, FIREFOX_UA);
    const b = await browserSignedIn(login, CHROME_UA);
    expect((await b.call('GET', '/api/user')).statusCode).toBe(200);
    const before = a.jar.token;

    const changed = await a.call('POST', '/api/user/password', {
      current_password: DEMO_PASSWORD,
      password: 'Another-Good-Pass-9',
    });
    expect(changed.statusCode).toBe(200);
    const body = changed.json();
    expect(body.data.password_status).toBe(0);
    // B is named as the account API described it; no token anywhere in the answer.
    expect(body.signed_out).toHaveLength(1);
    expect(body.signed_out[0]).toMatchObject({ browser: 'Chrome', current: false });
    expect(changed.body).not.toContain(before);
    expect(changed.body).not.toContain(a.jar.token);
    // A goes on, under a new token; the old one is dead.
    expect(a.jar.token).not.toBe(before);
    expect((await a.call('GET', '/api/user')).statusCode).toBe(200);

    // B's next call: 401, and its cookie is cleared (the web app's sign-in follows).
    const bNext = await b.call('GET', '/api/user');
    expect(bNext.statusCode).toBe(401);
    expect(b.jar.token).toBeUndefined();
    const bWrite = await browserlessWrite(before);
    expect(bWrite).toBe(401);

    const sessions = (await a.call('GET', '/api/sessions')).json().sessions as {
      status: string;
      current: boolean;
    }[];
    expect(sessions.filter((s) => s.status === 'active')).toEqual([
      expect.objectContaining({ current: true }),
    ]);
  });

  it('signs the other sessions out when a weak password is replaced too', async () => {
    const login = await ownAccount('weak@example.be');
    const a = await browserSignedIn(login, FIREFOX_UA);
    const b = await browserSignedIn(login, CHROME_UA);
    const replaced = await a.call('POST', '/api/user/password/weak', {
      password: 'Finally-Strong-2026',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().signed_out).toHaveLength(1);
    expect((await a.call('GET', '/api/user')).statusCode).toBe(200);
    expect((await b.call('GET', '/api/user')).statusCode).toBe(401);
  });

  it('e-mails the owner that the password changed, naming the device signed out, and records it', async () => {
    const login = await ownAccount('employee@example.be');
    const a = await browserSignedIn(login, FIREFOX_UA);
    await browserSignedIn(login, CHROME_UA);
    await a.call('POST', '/api/user/password', {
      current_password: DEMO_PASSWORD,
      password: 'Another-Good-Pass-9',
    });
    const mail = stack.be.store.outbox.findLast((m) => m.to === login && m.subject);
    // In the account's language (Dutch, je-form).
    expect(mail?.subject).toBe('Je wachtwoord is gewijzigd');
    expect(mail?.text).toContain('Deze apparaten zijn afgemeld:\n- Linux computer, Chrome');
    // The history says it, with how many were signed out.
    const events = (await a.call('GET', '/api/history')).json().events as {
      kind: string;
      detail: string | null;
    }[];
    expect(events.find((e) => e.kind === 'password_changed')?.detail).toBe(
      '1 other session signed out',
    );
  });
});

/** A write (PATCH /api/user) with a bare session cookie: its status. */
async function browserlessWrite(token: string | undefined) {
  const res = await stack.gateway.inject({
    method: 'PATCH',
    url: '/api/user',
    headers: {
      ...browserHeaders(stack),
      cookie: `device=${stack.deviceCookie}; access_token=${token}`,
    },
    payload: { firstname: 'Eve' },
  });
  return res.statusCode;
}

describe('a step-up and every credential change issue a new token', () => {
  it('gives A a new cookie value after a step-up; the old value gets 401', async () => {
    const login = await ownAccount('employee@example.be');
    const a = await browserSignedIn(login, FIREFOX_UA);
    // The sign-in's own check is 15 minutes old: the step-up is needed again.
    stack.be.store.clock.advance(16 * 60_000);
    const before = a.jar.token;
    const started = await a.call('POST', '/api/step-up/start', {});
    expect(started.json().next).toBe('/mfa');
    const code = stack.be.store.outbox.findLast((m) => m.to === login && m.code)?.code;
    const stepUp = await a.call('POST', '/api/step-up/code', { code });
    expect(stepUp.statusCode).toBe(200);
    expect(stepUp.json()).toEqual({ next: '/user/dashboard', view: null });
    expect(stepUp.body).not.toContain(a.jar.token);

    expect(a.jar.token).toBeDefined();
    expect(a.jar.token).not.toBe(before);
    expect(await browserlessWrite(before)).toBe(401);
    // The new token holds the step-up.
    expect((await a.call('GET', '/api/mfa/status')).json().sudo).toBe(true);
  });

  it('renews the token when a second factor is made primary or removed; other sessions go on', async () => {
    const login = await ownAccount('employee@example.be');
    const a = await browserSignedIn(login, FIREFOX_UA);
    const b = await browserSignedIn(login, CHROME_UA);
    const methods = (await a.call('GET', '/api/mfa')).json() as { id: number; method: string }[];
    const sms = methods.find((m) => m.method === 'sms');
    if (!sms) throw new Error('no SMS method');

    let before = a.jar.token;
    expect((await a.call('POST', `/api/mfa/switch-primary/${sms.id}`)).statusCode).toBe(200);
    expect(a.jar.token).not.toBe(before);
    expect(await browserlessWrite(before)).toBe(401);

    before = a.jar.token;
    expect((await a.call('DELETE', `/api/mfa/${sms.id}`)).statusCode).toBe(200);
    expect(a.jar.token).not.toBe(before);
    expect(await browserlessWrite(before)).toBe(401);

    // B, signed in with the same factors, is not signed out by a factor change.
    expect((await b.call('GET', '/api/user')).statusCode).toBe(200);
  });

  it('keeps the same cookie on a change that proves nothing new (the profile)', async () => {
    const a = await browserSignedIn(await ownAccount('employee@example.be'), FIREFOX_UA);
    const before = a.jar.token;
    expect((await a.call('PATCH', '/api/user', { firstname: 'Emma' })).statusCode).toBe(200);
    expect(a.jar.token).toBe(before);
  });
});

describe('several access_token cookies (a sibling platform set one)', () => {
  /** GET /api/user with the Cookie header as the browser sends it. */
  const readWith = (cookie: string) =>
    stack.gateway.inject({
      url: '/api/user',
      headers: { ...browserHeaders(stack), cookie: `device=${stack.deviceCookie}; ${cookie}` },
    });
  const clearsSession = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.some((c) => c.name === 'access_token' && c.value === '');

  it('uses the live session when a bogus cookie comes first, and clears nothing', async () => {
    const ours = await signIn(stack);
    // A value of a token's shape the account API never issued, sent first (a longer Path).
    const bogus = 'SiblingPlatformToken0123456789abcdef';
    const res = await readWith(`access_token=${bogus}; access_token=${ours}`);
    expect(res.statusCode).toBe(200);
    expect(clearsSession(res)).toBe(false);
    // The same again (the refusal of the bogus one is remembered), and a write too.
    expect((await readWith(`access_token=${bogus}; access_token=${ours}`)).statusCode).toBe(200);
  });

  it('never clears the session because a first cookie is not a token at all', async () => {
    const ours = await signIn(stack);
    const res = await readWith(`access_token=not-a-token; access_token=${ours}`);
    expect(res.statusCode).toBe(200);
    expect(clearsSession(res)).toBe(false);
  });

  it('answers 401 without clearing when no cookie is a live session: signing in sets ours again', async () => {
    const res = await readWith(
      'access_token=SiblingPlatformToken0123456789abcdef; access_token=AnotherDeadToken0123456789abcdef',
    );
    expect(res.statusCode).toBe(401);
    expect(clearsSession(res)).toBe(false);
  });

  it('still clears a lone cookie the account API refuses', async () => {
    const res = await readWith('access_token=SiblingPlatformToken0123456789abcdef');
    expect(res.statusCode).toBe(401);
    expect(clearsSession(res)).toBe(true);
  });
});
