import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, DEMO_PASSWORD, signIn, testStack } from '../test-helpers';
import { EXPORTS_PER_DAY } from './your-data';

/*
 * Download your data and ask for deletion (docs/flows.md) through the
 * gateway, against the real mock account API.
 */

const stack = testStack({ scope: 'file' });
/** The Belgian mock's tables (the stack starts before the first test). */
const mockStore = () => stack.be.store;
// No seed reset between tests: each takes an account of its own (`freshAccount`), and the
// account ids the gateway counts exports by are never reused, as in a real account API.
beforeEach(() => {
  stack.deviceId = crypto.randomUUID();
});

const TOTP = 'totp@example.be';
const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

function as(token: string) {
  const headers = browserHeaders(stack);
  const { 'content-type': _json, ...bodiless } = headers;
  const cookies = { access_token: token };
  return {
    get: (url: string) => stack.gateway.inject({ method: 'GET', url, headers: bodiless, cookies }),
    del: (url: string) =>
      stack.gateway.inject({ method: 'DELETE', url, headers: bodiless, cookies }),
    post: (url: string, payload?: unknown) =>
      stack.gateway.inject({
        method: 'POST',
        url,
        cookies,
        ...(payload === undefined
          ? { headers: bodiless }
          : { headers, payload: JSON.stringify(payload) }),
      } satisfies InjectOptions),
  };
}

const accountOf = (login: string) =>
  [...mockStore().accounts.values()].find((a) => a.email.some((e) => e.value === login));
const notices = (to: string) => mockStore().outbox.filter((m) => m.to === to && m.code === '');

/** A fresh account per test: the daily limit is kept per account id, in the gateway's mockStore(). */
async function freshAccount(from = TOTP): Promise<{ login: string; token: string }> {
  const res = await stack.be.app.inject({
    method: 'POST',
    url: '/__dev/accounts',
    payload: { from },
  });
  const { login } = res.json() as { login: string };
  return { login, token: await signIn(stack, login) };
}

describe('download your data', () => {
  it('gives every part of the account the portal shows, as a file, without any secret', async () => {
    const { login, token } = await freshAccount();
    const account = accountOf(login);
    if (!account) throw new Error('no account');
    // A passkey on the account too: its public key must not leave the account API.
    const publicKey = new Uint8Array(Array.from({ length: 65 }, (_, i) => (i * 7 + 3) % 256));
    mockStore().passkeys.set('Y3JlZGVudGlhbC1vbmU', {
      id: 'Y3JlZGVudGlhbC1vbmU',
      accountId: account.id,
      rpId: 'be.localhost',
      publicKey,
      counter: 0,
      transports: ['internal'],
      name: 'Laptop',
      aaguid: null,
      backedUp: false,
      createdAt: mockStore().clock.now(),
      lastUsedAt: null,
    });

    const res = await as(token).post('/api/user/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="account-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json();
    expect(Object.keys(data).sort()).toEqual(
      [
        'generated_at',
        'grants',
        'history',
        'marketing',
        'mfa_methods',
        'notifications',
        'passkeys',
        'sessions',
        'trusted_devices',
        'user',
      ].sort(),
    );
    expect(data.user).toMatchObject({ firstname: 'Tom', lastname: 'Claes' });
    expect(data.user.email.map((e: { value: string }) => e.value)).toContain(login);
    expect(data.mfa_methods.map((m: { method: string }) => m.method).sort()).toEqual([
      'email',
      'totp',
      'totpRecovery',
    ]);
    expect(data.passkeys).toEqual([
      expect.objectContaining({ id: 'Y3JlZGVudGlhbC1vbmU', name: 'Laptop' }),
    ]);
    expect(data.sessions.some((s: { current: boolean }) => s.current)).toBe(true);
    expect(data.history[0]).toMatchObject({ kind: 'data_exported' });
    expect(data.marketing).toBe(false);

    // No secret of the mock's anywhere: password and its hash, the TOTP seed, recovery keys
    // (as typed and as stored), the session token, the device id and cookie, the passkey's key.
    const secrets = [
      DEMO_PASSWORD,
      account.passwordHash,
      DEMO_TOTP_SECRET,
      ...[...mockStore().mfaMethods.values()].flatMap((m) => (m.secret ? [m.secret] : [])),
      ...Array.from({ length: 10 }, (_, i) => `RECOVERY${String(i + 1).padStart(2, '0')}`),
      ...mockStore()
        .recoveryKeys.filter((k) => k.accountId === account.id)
        .map((k) => k.hash),
      token,
      stack.deviceId,
      stack.deviceCookie,
      Buffer.from(publicKey).toString('base64url'),
      Buffer.from(publicKey).toString('base64'),
    ];
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/"(secret|password|passwordHash|publicKey|token|hash)"\s*:/i);

    // The owner is told by e-mail that a copy was made.
    expect(notices(login).map((m) => m.subject)).toContain('A copy of your account data was made');
  });

  it(`makes ${EXPORTS_PER_DAY} copies a day per account, then answers 429 with when to try again`, async () => {
    const { login, token } = await freshAccount();
    for (let i = 0; i < EXPORTS_PER_DAY; i++) {
      expect((await as(token).post('/api/user/export')).statusCode).toBe(200);
    }
    const refused = await as(token).post('/api/user/export');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'export_limit',
      message: expect.stringContaining('Try again tomorrow'),
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The refused one reached no account API: three notices, three history rows.
    const exported = notices(login).filter(
      (m) => m.subject === 'A copy of your account data was made',
    );
    expect(exported).toHaveLength(EXPORTS_PER_DAY);

    // Another session of the same account shares the budget; another account has its own.
    const again = await signIn(stack, login);
    expect((await as(again).post('/api/user/export')).statusCode).toBe(429);
    const other = await freshAccount();
    expect((await as(other.token).post('/api/user/export')).statusCode).toBe(200);
  });

  it('needs a recent second factor, and spends nothing without one', async () => {
    const { login, token } = await freshAccount();
    mockStore().clock.advance(16 * 60_000);
    const res = await as(token).post('/api/user/export');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sudo_required' });
    expect(notices(login)).toEqual([]);
  });

  it('answers 401 without a session, and no export for a revoked one', async () => {
    const anonymous = await stack.gateway.inject({
      method: 'POST',
      url: '/api/user/export',
      headers: (({ 'content-type': _, ...h }) => h)(browserHeaders(stack)),
    });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await freshAccount();
    await as(token).del('/api/sessions');
    expect((await as(token).post('/api/user/export')).statusCode).toBe(401);
  });
});

/** A browser that keeps its cookies, signing in through the sign-in journey's steps. */
function browser() {
  const jar = new Map<string, string>();
  jar.set('device', stack.deviceCookie);
  const keep = (res: LightMyRequestResponse) => {
    for (const cookie of res.cookies) {
      const gone =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (gone) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return res;
  };
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    keep(
      await stack.gateway.inject({
        method,
        url,
        headers: {
          host: 'be.localhost:3000',
          'x-device-id': stack.deviceId,
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { payload } : {}),
      } satisfies InjectOptions),
    );
  return {
    jar,
    call,
    /** The sign-in journey with the e-mail code: answers the page it leads to. */
    async signIn(login: string, target?: string): Promise<string> {
      const first = await call('POST', '/api/sign-in/password', {
        username: login,
        password: DEMO_PASSWORD,
        ...(target ? { target } : {}),
      });
      expect(first.statusCode).toBe(200);
      const { view } = first.json();
      const email = view.methods.find((m: { method: string }) => m.method === 'email');
      if (view.check?.method !== 'email') {
        expect((await call('POST', '/api/sign-in/method', { mfaId: email.id })).statusCode).toBe(
          200,
        );
      }
      const code = mockStore().outbox.findLast((m) => m.to === login && m.code !== '')?.code ?? '';
      const done = await call('POST', '/api/sign-in/code', { code });
      expect(done.statusCode).toBe(200);
      return done.json().next;
    },
  };
}

describe('ask for deletion', () => {
  it('says what deletion means and the grace period, from the account API', async () => {
    const { token } = await freshAccount('employee@example.be');
    const res = await as(token).get('/api/user/deletion');
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status.grace_days).toBe(30);
    expect(status.scheduled).toBeNull();
    // employee@example.be reads Dutch: the account API says it in the account's language.
    expect(status.consequences.join(' ')).toContain('maaltijdchequekaarten');
  });

  it('refuses a request that was not confirmed, naming the field', async () => {
    const { token } = await freshAccount();
    const res = await as(token).post('/api/user/deletion', { confirm: false });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('confirm');
    expect((await as(token).post('/api/user/deletion', {})).statusCode).toBe(400);
  });

  it('needs a recent second factor', async () => {
    const { token } = await freshAccount();
    mockStore().clock.advance(16 * 60_000);
    const res = await as(token).post('/api/user/deletion', { confirm: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'sudo_required' });
    expect(mockStore().deletions.size).toBe(0);
  });

  it('ends the session at the request; signing in during the grace period offers to keep the account, which cancels it', async () => {
    const { login } = await freshAccount();
    const b = browser();
    expect(await b.signIn(login)).toBe('/user/dashboard');

    const requested = await b.call('POST', '/api/user/deletion', { confirm: true });
    expect(requested.statusCode).toBe(200);
    const { delete_at } = requested.json();
    expect(b.jar.has('access_token')).toBe(false);
    expect((await b.call('GET', '/api/user')).statusCode).toBe(401);
    expect(notices(login).map((m) => m.subject)).toContain('Your account is to be deleted');

    // Signing in again leads to the deletion page first, the target kept for after.
    expect(await b.signIn(login, '/security')).toBe('/deletion-pending?target=%2Fsecurity');
    const pending = await b.call('GET', '/api/user/deletion');
    expect(pending.json().scheduled).toMatchObject({ delete_at });

    expect((await b.call('DELETE', '/api/user/deletion')).statusCode).toBe(204);
    expect((await b.call('GET', '/api/user/deletion')).json().scheduled).toBeNull();
    expect(notices(login).map((m) => m.subject)).toContain('Your account will not be deleted');
    expect((await b.call('DELETE', '/api/user/deletion')).statusCode).toBe(404);

    // The next sign-in goes where it always went.
    expect(await b.signIn(login)).toBe('/user/dashboard');
  });

  it('leads every door to a session to the question: the address-hash hand-over too', async () => {
    const { login, token } = await freshAccount();
    expect((await as(token).post('/api/user/deletion', { confirm: true })).statusCode).toBe(200);
    // A first-party app signs its user in during the grace period and hands them over.
    const appToken = await signIn(stack, login);
    const handover = await stack.be.app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: { authorization: `Bearer ${appToken}` },
    });
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token/hash',
      headers: browserHeaders(stack),
      payload: { token: handover.json().token, confirmed: true, target: '/profile' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signed_in: true,
      next: '/deletion-pending?target=%2Fprofile',
    });
  });
});
