// Cross-cutting (partner, auth, captcha and lockdown at once): here, beside no one route.
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findAccountByLogin, issueToken } from '@portal/mock-upstream';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserHeaders,
  completeMfa,
  DEMO_PASSWORD,
  flowOf,
  mockOf,
  newDeviceCookie,
  type TestStack,
  testStack,
} from './test-helpers';

/**
 * The side doors to a session (docs/threat-model.md), the session-starting half: linking a workplace
 * login, the address-hash hand-over, the identity-provider sign-in of a weak
 * account, and the password checks outside the sign-in. Each goes through the
 * gateway to the real mock account API.
 */

const HOST = 'be.localhost:3000';
const stack = testStack({ scope: 'file' });

/** A browser of its own (device cookie, and the flow cookie of its journey), as the attacker's or the victim's. */
function browser(target: TestStack = stack) {
  const device = newDeviceCookie();
  const jar: { flow?: string } = {};
  const base = { ...browserHeaders(target, HOST), cookie: `device=${device}` };
  const headers = (cookies: string[] = []) => ({
    ...base,
    cookie: [`device=${device}`, ...(jar.flow ? [`flow=${jar.flow}`] : []), ...cookies].join('; '),
  });
  return Object.assign(headers, { jar });
}

/** An identity-provider login as far as the portal's callback: its answer and the state cookie. */
async function idpLogin(headers: ReturnType<typeof browser>, email: string, target = stack) {
  const start = await target.gateway.inject({
    url: '/api/sso/microsoft/login',
    query: { login_hint: email },
    headers: headers(),
  });
  const state = start.cookies.find((c) => c.name === 'sso_state')?.value ?? '';
  // The login's flow holds its offer: the link takes it from there, as a browser sends it back.
  headers.jar.flow = start.cookies.find((c) => c.name === 'flow')?.value;
  const back = new URL(start.json().redirect);
  return target.gateway.inject({
    method: 'POST',
    url: '/api/sso/microsoft/callback',
    headers: headers([`sso_state=${state}`]),
    payload: {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    },
  });
}

const link = (headers: ReturnType<typeof browser>, body: Record<string, unknown>, target = stack) =>
  target.gateway.inject({
    method: 'POST',
    url: '/api/user/link-account',
    headers: headers(),
    payload: body,
  });

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'access_token')?.value;

describe('linking a workplace login to an existing account', () => {
  it("asks for the account's second factor before anything is linked or any session exists", async () => {
    const attacker = browser();
    const offered = await idpLogin(attacker, 'outsider.one@acme.example');
    expect(offered.json().status).toBe('no_account');
    const victim = findAccountByLogin(stack.be.store, 'employee@example.be');

    const asked = await link(attacker, {
      username: 'employee@example.be',
      password: DEMO_PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'second_factor', next: '/mfa' });
    expect(asked.json().view.methods.length).toBeGreaterThan(0);
    expect(sessionCookie(asked)).toBeUndefined();
    expect(victim?.sso_email).toBeNull();
    // Without the second factor, the outside identity still signs in as nobody.
    expect((await idpLogin(attacker, 'outsider.one@acme.example')).json().status).toBe(
      'no_account',
    );

    const done = await completeMfa(stack, asked, HOST);
    expect(done.statusCode).toBe(200);
    expect(sessionCookie(done)).toBeTruthy();
    expect(victim?.sso_email).toBe('outsider.one@acme.example');
    const notice = stack.be.store.outbox.findLast(
      (m) => m.to === 'employee@example.be' && m.code === '',
    );
    expect(notice?.subject).toBe('Er is een werkaanmelding aan je account gekoppeld');
  });

  it('lists the linked workplace login for the user and removes it', async () => {
    const person = browser();
    await idpLogin(person, 'sso@acme.example');
    const asked = await link(person, {
      username: 'sso@acme.example',
      password: DEMO_PASSWORD,
    });
    const done = await completeMfa(stack, asked, HOST);
    const session = `access_token=${sessionCookie(done)}`;
    const user = await stack.gateway.inject({ url: '/api/user', headers: person([session]) });
    expect(user.json().data.sso_email).toBe('sso@acme.example');
    const history = await stack.gateway.inject({ url: '/api/history', headers: person([session]) });
    expect(history.json().events.map((e: { kind: string }) => e.kind)).toContain('sso_linked');

    const removed = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/user/sso',
      headers: { ...person([session]), 'content-type': undefined },
    });
    expect(removed.statusCode).toBe(204);
    // What proves the account changed: the session goes on under a new token, the old one is dead.
    const renewed = sessionCookie(removed);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(session.split('=')[1]);
    const old = await stack.gateway.inject({ url: '/api/user', headers: person([session]) });
    expect(old.statusCode).toBe(401);
    expect((await idpLogin(person, 'sso@acme.example')).json().status).toBe('not_linked');
  });
});

describe('the identity-provider sign-in of an account with a weak password', () => {
  it('is confined to the password change like a weak password sign-in', async () => {
    const person = browser();
    await idpLogin(person, 'weak.worker@acme.example');
    const asked = await link(person, {
      username: 'weak@example.be',
      password: DEMO_PASSWORD,
    });
    const linked = await completeMfa(stack, asked, HOST);
    // Linked and signed in by the sign-in flow's code step: its next page is the password change.
    expect(linked.json().next).toMatch(/^\/weak-password\?verified=true&target=/);
    expect(sessionCookie(linked)).toBeTruthy();

    const signedIn = await idpLogin(person, 'weak.worker@acme.example');
    // Its next page is the password change (docs/product.md part 4), decided by the gateway.
    expect(signedIn.json()).toEqual({
      status: 'linked',
      company: 'Acme',
      weak: true,
      next: '/weak-password?verified=true',
    });
    const session = `access_token=${sessionCookie(signedIn)}`;
    const sessions = await stack.gateway.inject({
      url: '/api/sessions',
      headers: person([session]),
    });
    expect(sessions.statusCode).toBe(403);
    expect(sessions.json().code).toBe('weak_password');
    const user = await stack.gateway.inject({ url: '/api/user', headers: person([session]) });
    expect(user.statusCode).toBe(200);
  });
});

describe('the address-hash hand-over', () => {
  const byHash = (headers: ReturnType<typeof browser>, token: string, target = stack) =>
    target.gateway.inject({
      method: 'POST',
      url: '/api/token/hash',
      headers: headers(),
      payload: { token, 'origin-app': 'shop', confirmed: true },
    });

  it('turns no partner token into a portal session: the account API mints it no hand-over', async () => {
    const { store } = mockOf(stack, HOST);
    const account = findAccountByLogin(store, 'partner@example.be');
    const partnerToken = issueToken(
      store,
      account?.id ?? 0,
      {},
      {
        clientId: 101,
        scopes: ['user', 'balance'],
      },
    ).token;
    const minted = await stack.be.app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: { authorization: `Bearer ${partnerToken}` },
    });
    expect(minted.statusCode).toBe(403);
    const write = await stack.be.app.inject({
      method: 'PATCH',
      url: '/user',
      headers: { authorization: `Bearer ${partnerToken}` },
      payload: { firstname: 'Mallory' },
    });
    expect(write.statusCode).toBe(403);
  });

  it("signs in with a first-party app's hand-over", async () => {
    const { store } = mockOf(stack, HOST);
    const account = findAccountByLogin(store, 'employee@example.be');
    const appToken = issueToken(
      store,
      account?.id ?? 0,
      {},
      {
        clientId: 17,
        scopes: ['user', 'userwrite'],
      },
    ).token;
    const minted = await stack.be.app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: { authorization: `Bearer ${appToken}` },
    });
    const res = await byHash(browser(), minted.json().token);
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toBeTruthy();
  });

  it('confines the hand-over session of an account with a weak password', async () => {
    const { store } = mockOf(stack, HOST);
    const account = findAccountByLogin(store, 'weak@example.be');
    const portalToken = issueToken(store, account?.id ?? 0).token;
    const minted = await stack.be.app.inject({
      method: 'POST',
      url: '/token/handover',
      headers: { authorization: `Bearer ${portalToken}` },
    });
    const person = browser();
    const res = await byHash(person, minted.json().token);
    expect(res.json()).toEqual({
      signed_in: true,
      weak: true,
      next: '/weak-password?verified=true',
    });
    const sessions = await stack.gateway.inject({
      url: '/api/sessions',
      headers: person([`access_token=${sessionCookie(res)}`]),
    });
    expect(sessions.json().code).toBe('weak_password');
  });

  describe('against an account API that hands over a partner token anyway', () => {
    let upstream: ReturnType<typeof Fastify>;
    let lax: TestStack;
    const revoked: string[] = [];
    beforeAll(async () => {
      // Only what the hash sign-in asks of it: the gateway must not take its word for the minter.
      upstream = Fastify();
      upstream.post('/token/hash', async () => ({
        access_token: 'a-session-of-a-partner-token-0001',
        token_type: 'Bearer',
        expires_in: 3600,
        password_status: 0,
        client_id: 101,
      }));
      upstream.delete('/token', async (request: FastifyRequest, reply: FastifyReply) => {
        revoked.push(String(request.headers.authorization));
        return reply.status(204).send();
      });
      const url = await upstream.listen({ port: 0, host: '127.0.0.1' });
      lax = await testStack({ scope: 'caller', config: { UPSTREAM_BE_URL: url } });
    });
    afterAll(async () => {
      await lax.close();
      await upstream.close();
    });

    it('refuses the session and revokes its token', async () => {
      const res = await byHash(browser(lax), 'x'.repeat(43), lax);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_token');
      expect(sessionCookie(res)).toBeUndefined();
      expect(revoked).toEqual(['Bearer a-session-of-a-partner-token-0001']);
    });
  });
});

describe('the captcha on every call that checks a password', () => {
  let verifier: Server;
  let guarded: TestStack;
  beforeAll(async () => {
    verifier = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const success = new URLSearchParams(body).get('response') === 'good-token';
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success }));
      });
    });
    verifier.listen(0, '127.0.0.1');
    await once(verifier, 'listening');
    const port = (verifier.address() as AddressInfo).port;
    guarded = await testStack({
      scope: 'caller',
      config: {
        CAPTCHA_SITE_KEY: 'site-key',
        CAPTCHA_SECRET: 'the-secret',
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      },
    });
  });
  afterAll(async () => {
    await guarded.close();
    verifier.close();
  });

  /** A password sign-in with a captcha the verifier passes. */
  const captchaSignIn = (person: ReturnType<typeof browser>, username: string) =>
    guarded.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: person(),
      payload: { username, password: DEMO_PASSWORD, captcha: 'good-token' },
    });

  it('asks the link for a verified captcha before the account API checks the password', async () => {
    const attacker = browser(guarded);
    const offered = await idpLogin(attacker, 'outsider.two@acme.example', guarded);
    const victim = findAccountByLogin(guarded.be.store, 'employee@example.be');
    expect(offered.json().status).toBe('no_account');
    const body = { username: 'employee@example.be' };
    const bare = await link(attacker, { ...body, password: 'guess-1' }, guarded);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('captcha');
    const forged = await link(attacker, { ...body, password: 'guess-2', captcha: 'x' }, guarded);
    expect(forged.json().code).toBe('captcha');
    // The account API never saw a guess.
    expect(
      guarded.be.store.history.filter(
        (e) => e.accountId === victim?.id && e.kind === 'login_failed',
      ),
    ).toEqual([]);

    const right = await link(
      attacker,
      { ...body, password: DEMO_PASSWORD, captcha: 'good-token' },
      guarded,
    );
    // The password was right: on to the account's second factor.
    expect(right.json()).toMatchObject({ status: 'second_factor', next: '/mfa' });
  });

  it("asks the merge's password proof for a verified captcha", async () => {
    const person = browser(guarded);
    const asked = await captchaSignIn(person, 'duplicate@example.be');
    const signedIn = await completeMfa(guarded, asked, HOST);
    // The sign-in hands over to the merge's flow: its claim is the password proof.
    expect(signedIn.json().next).toBe('/duplicated');
    const merge = `flow=${flowOf(signedIn)}`;
    const session = `access_token=${sessionCookie(signedIn)}`;
    const claim = (extra: Record<string, unknown>) =>
      guarded.gateway.inject({
        method: 'POST',
        url: '/api/merge/claim',
        headers: person([session, merge]),
        payload: extra,
      });
    const bare = await claim({ password: 'guess-1' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('captcha');
    const right = await claim({ password: DEMO_PASSWORD, captcha: 'good-token' });
    expect(right.statusCode).toBe(200);
  });

  it("asks the password change's current password for a verified captcha", async () => {
    const person = browser(guarded);
    const signedIn = await captchaSignIn(person, 'customer@example.be');
    const session = `access_token=${sessionCookie(signedIn)}`;
    const change = (extra: Record<string, unknown>) =>
      guarded.gateway.inject({
        method: 'POST',
        url: '/api/user/password',
        headers: person([session]),
        payload: { password: 'Brand-New-Pass-42!', ...extra },
      });
    const bare = await change({ current_password: 'guess-1' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().code).toBe('captcha');
    const forged = await change({ current_password: 'guess-2', captcha: 'x' });
    expect(forged.json().code).toBe('captcha');
    const customer = findAccountByLogin(guarded.be.store, 'customer@example.be');
    // The account API never saw a guess.
    expect(
      guarded.be.store.history.filter(
        (e) => e.accountId === customer?.id && e.kind === 'login_failed',
      ),
    ).toEqual([]);
    const right = await change({ current_password: DEMO_PASSWORD, captcha: 'good-token' });
    expect(right.statusCode).toBe(200);
  });
});

describe('the password checks outside the sign-in count toward its lock', () => {
  it("pauses the password change after five wrong current passwords, with the sign-in's answer and event", async () => {
    const recorded = await testStack({ record: true });
    const { lines } = recorded;
    const person = browser(recorded);
    const signedIn = await recorded.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: person(),
      payload: { username: 'customer@example.be', password: DEMO_PASSWORD },
    });
    const session = `access_token=${sessionCookie(signedIn)}`;
    const change = (current_password: string) =>
      recorded.gateway.inject({
        method: 'POST',
        url: '/api/user/password',
        headers: person([session]),
        payload: { current_password, password: 'Brand-New-Pass-42!' },
      });
    for (let i = 0; i < 5; i++) expect((await change(`Wrong-${i}`)).statusCode).toBe(422);
    const paused = await change(DEMO_PASSWORD);
    expect(paused.statusCode).toBe(429);
    expect(paused.json()).toEqual({
      code: 'too_many_attempts',
      message: 'Too many attempts. Please try again later.',
    });
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(800);
    // The sign-in of the account is paused as well, from this address.
    const again = await recorded.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: person(),
      payload: { username: 'customer@example.be', password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(429);
    const events = lines.filter((l) => l.reason === 'password_change').map((l) => l.event);
    expect(events).toEqual([...Array(5).fill('sign_in.failed'), 'sign_in.locked']);
    expect(lines.find((l) => l.event === 'sign_in.locked')).toMatchObject({
      account: expect.stringMatching(/^[\w-]{43}$/),
    });
  });
});

describe('the ways to a session', () => {
  const RETIRED: [string, string, object | undefined, string][] = [
    [
      'POST',
      '/api/token',
      { grant_type: 'password', username: 'customer@example.be', password: DEMO_PASSWORD },
      '(POST /api/sign-in/password)',
    ],
    ['GET', '/api/mfa/sudo?single=1', undefined, '(/api/step-up/*)'],
    ['GET', '/api/mfa/sudo?payload=x&mfaId=1', undefined, '(/api/sign-in/*)'],
    ['POST', '/api/mfa/sudo', { payload: 'x', code: '12345678' }, '(/api/sign-in/*)'],
    ['POST', '/api/fuzzion/details', { payload: 'x' }, '(/api/merge/*)'],
    ['POST', '/api/fuzzion/claim', { payload: 'x', password: DEMO_PASSWORD }, '(/api/merge/*)'],
    ['POST', '/api/fuzzion/accept', { payload: 'x' }, '(/api/merge/*)'],
  ];

  it('answers the deleted JSON sign-in doors 404, naming the flow that replaced each', async () => {
    const recorded = await testStack({ record: true });
    const person = browser(recorded);
    for (const [method, url, payload, flow] of RETIRED) {
      const res = await recorded.gateway.inject({
        method: method as 'GET',
        url,
        headers: person(),
        ...(payload ? { payload } : {}),
      });
      const name = `${method} ${url}`;
      expect(res.statusCode, name).toBe(404);
      expect(res.json().code, name).toBe('not_found');
      expect(res.json().message, name).toContain(flow);
      expect(sessionCookie(res), name).toBeUndefined();
    }
    // None of them reached the account API: no password grant, no code check, no merge
    // (its health probe aside).
    expect(recorded.calls.map((c) => c.call).filter((call) => !call.startsWith('HEAD '))).toEqual(
      [],
    );
  });

  it('starts a session only in the flows and at the named doors: passkey, hand-over, workplace login', () => {
    const root = fileURLToPath(new URL('.', import.meta.url));
    const starters = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /await (startSession|openSession)\(/.test(readFileSync(join(root, file), 'utf8')),
      )
      .map((file) => file.split(sep).join('/'))
      .sort();
    expect(starters).toEqual([
      // The journeys' flows: sign-in (password, then its code), merge, onboarding, recovery.
      'flows/merge.ts',
      'flows/onboarding.ts',
      'flows/recovery.ts',
      'flows/sign-in.ts',
      // The address-hash hand-over (`POST /api/token/hash`), the passkey, the workplace login.
      'routes/auth.ts',
      'routes/partner.ts',
      'routes/passkeys.ts',
    ]);
    // The hand-over is all that starts a session in routes/auth.ts.
    const auth = readFileSync(join(root, 'routes/auth.ts'), 'utf8');
    expect(auth.match(/await (startSession|openSession)\(/g)).toHaveLength(1);
    expect(auth).toContain('loginByHash');
  });
});
