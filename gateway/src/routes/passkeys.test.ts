import {
  assert,
  newSoftPasskey,
  register,
  type SoftPasskey,
} from '@portal/mock-upstream/test-authenticator';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, mockOf, signIn, testStack } from '../test-helpers';

const stack = testStack({ scope: 'file' });
beforeEach(async () => {
  await stack.be.app.inject({ method: 'POST', url: '/__dev/reset' });
  await stack.lu.app.inject({ method: 'POST', url: '/__dev/reset' });
});

function call(host: string, token?: string) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    // As the web app: no JSON content type on a call without a body.
    const { 'content-type': _, ...bare } = browserHeaders(stack, host);
    return stack.gateway.inject({
      method,
      url,
      headers: payload ? browserHeaders(stack, host) : bare,
      ...(token ? { cookies: { access_token: token } } : {}),
      ...(payload ? { payload } : {}),
    } as InjectOptions);
  };
}

/** A site of the portal: its Host, the origin its browser reports, the relying party it names. */
interface Site {
  host: string;
  origin: string;
  rpId: string;
}
const DEV_BE: Site = {
  host: 'be.localhost:3000',
  origin: 'http://be.localhost:3000',
  rpId: 'be.localhost',
};

/** Signs in by password + MFA (which holds sudo) and adds a passkey made for `site`. */
async function withPasskey({ host, origin, rpId }: Site, login: string, key = newSoftPasskey()) {
  const token = await signIn(stack, login, host);
  const as = call(host, token);
  const start = await as('POST', '/api/passkeys/registration/options');
  expect(start.statusCode).toBe(200);
  const { payload, options } = start.json();
  expect(options.rp.id).toBe(rpId);
  const done = await as('POST', '/api/passkeys/registration', {
    payload,
    name: 'Chrome on Linux',
    credential: register(key, { challenge: options.challenge, rpId, origin }),
  });
  expect(done.statusCode).toBe(201);
  // A passkey added: the session goes on under a new token (docs/threat-model.md, "A session's life").
  const renewed = done.cookies.find((c) => c.name === 'access_token')?.value ?? token;
  return { key, token, renewed };
}

/**
 * A passkey sign-in on the development BE site, as far as the browser's
 * answer: the options asked for anonymously, and `key`'s assertion of their
 * challenge as a browser at `origin` signs it.
 */
async function passkeySignIn(key: SoftPasskey, origin: string) {
  const anonymous = call(DEV_BE.host);
  const start = await anonymous('POST', '/api/passkeys/authentication/options', {
    purpose: 'login',
  });
  const { payload, options } = start.json();
  const credential = assert(key, { challenge: options.challenge, rpId: DEV_BE.rpId, origin });
  return { anonymous, start, body: { payload, credential } };
}

describe('passkeys through the gateway', () => {
  it('moves the session to a new token when a passkey is added, and again when it is removed', async () => {
    const { token, renewed } = await withPasskey(DEV_BE, 'employee@example.be');
    expect(renewed).not.toBe(token);
    expect((await call(DEV_BE.host, token)('GET', '/api/passkeys')).statusCode).toBe(401);
    const list = await call(DEV_BE.host, renewed)('GET', '/api/passkeys');
    expect(list.statusCode).toBe(200);
    const [passkey] = list.json().passkeys;
    const removed = await call(DEV_BE.host, renewed)('DELETE', `/api/passkeys/${passkey.id}`);
    expect(removed.statusCode).toBeLessThan(300);
    const again = removed.cookies.find((c) => c.name === 'access_token')?.value;
    expect(again).toBeDefined();
    expect(again).not.toBe(renewed);
    expect((await call(DEV_BE.host, renewed)('GET', '/api/passkeys')).statusCode).toBe(401);
  });

  it('names the public origin as relying party: be.localhost in development', async () => {
    const { key } = await withPasskey(DEV_BE, 'employee@example.be');
    expect(mockOf(stack, DEV_BE.host).store.passkeys.get(key.id)?.rpId).toBe('be.localhost');
  });

  it('uses the registrable domain in production (account.example.lu → example.lu)', async () => {
    const lu = {
      host: 'account.example.lu',
      origin: 'https://account.example.lu',
      rpId: 'example.lu',
    };
    const { key } = await withPasskey(lu, 'marie@example.lu');
    expect(stack.lu.store.passkeys.get(key.id)?.rpId).toBe('example.lu');
  });

  it('a passkey sign-in sets the session cookie, with no token in the body and no MFA step', async () => {
    const { key } = await withPasskey(DEV_BE, 'employee@example.be');
    const { anonymous, start, body } = await passkeySignIn(key, DEV_BE.origin);
    expect(start.statusCode).toBe(200);
    const res = await anonymous('POST', '/api/passkeys/authentication', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_in: true, weak: false, next: '/user/dashboard' });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.body).not.toContain(cookie?.value);
    // Signed in, and the recent check holds: no code is asked for a sensitive change.
    const status = await call(DEV_BE.host, cookie?.value)('GET', '/api/mfa/status');
    expect(status.json().sudo).toBe(true);
  });

  it('a passkey sign-in goes on to the sign-in page’s target as the gateway checked it', async () => {
    const { key } = await withPasskey(DEV_BE, 'employee@example.be');
    const { anonymous, body } = await passkeySignIn(key, DEV_BE.origin);
    const res = await anonymous('POST', '/api/passkeys/authentication', {
      ...body,
      target: '/user/access',
    });
    expect(res.json().next).toBe('/user/access');
    const again = await passkeySignIn(key, DEV_BE.origin);
    const away = await again.anonymous('POST', '/api/passkeys/authentication', {
      ...again.body,
      target: '/.//127.0.0.1:3399/x',
    });
    expect(away.json().next).toBe('/user/dashboard');
  });

  it('a locked account: the passkey opens no session, and the answer names the reset journey', async () => {
    const { key, renewed } = await withPasskey(DEV_BE, 'employee@example.be');
    const lock = await call(DEV_BE.host, renewed)('POST', '/api/account/lockdown');
    expect(lock.statusCode).toBe(200);
    const { anonymous, body } = await passkeySignIn(key, DEV_BE.origin);
    const res = await anonymous('POST', '/api/passkeys/authentication', body);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'password_reset_required',
      message: expect.any(String),
      next: '/forgot-password/email',
    });
    expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
  });

  it('passes the upstream refusals on: another origin 422, a spent check 410', async () => {
    const { key } = await withPasskey(DEV_BE, 'employee@example.be');
    const { anonymous, body } = await passkeySignIn(key, 'http://be.localhost.evil.example');
    const res = await anonymous('POST', '/api/passkeys/authentication', body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'passkey_rejected',
      message: 'The passkey answer comes from another origin than this site.',
    });
    expect(res.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    expect((await anonymous('POST', '/api/passkeys/authentication', body)).statusCode).toBe(410);
  });

  it('a step-up with a passkey needs a session; managing passkeys needs one too', async () => {
    const anonymous = call('be.localhost:3000');
    const sudo = await anonymous('POST', '/api/passkeys/authentication/options', {
      purpose: 'sudo',
    });
    expect(sudo.statusCode).toBe(401);
    expect((await anonymous('GET', '/api/passkeys')).statusCode).toBe(401);
    expect((await anonymous('POST', '/api/passkeys/registration/options')).statusCode).toBe(401);
  });

  it('refuses a body that is not a passkey answer (400 naming the field)', async () => {
    const res = await call('be.localhost:3000')('POST', '/api/passkeys/authentication', {
      payload: 'x',
      credential: { id: 'not base64url!', type: 'public-key' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation');
    expect(JSON.stringify(res.json().issues)).toContain('credential');
  });

  it("lists each passkey with its authenticator's name where the AAGUID is known", async () => {
    const googlePasswordManager = newSoftPasskey('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4');
    const { renewed } = await withPasskey(DEV_BE, 'employee@example.be', googlePasswordManager);
    const list = (await call(DEV_BE.host, renewed)('GET', '/api/passkeys')).json();
    expect(list.passkeys).toEqual([
      expect.objectContaining({
        name: 'Chrome on Linux',
        aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
        authenticator: 'Google Password Manager',
        last_used_at: null,
      }),
    ]);
    // What the browser's Signal API is told: this origin's relying party and the user entity.
    expect(list.rp_id).toBe('be.localhost');
    expect(list.user).toMatchObject({ name: 'employee@example.be', display_name: 'Emma Peeters' });
  });

  it('names no authenticator for an AAGUID the list does not know, nor for none', async () => {
    const unknown = newSoftPasskey('0badc0de-0000-4000-8000-000000000001');
    const { renewed } = await withPasskey(DEV_BE, 'employee@example.be', unknown);
    const as = call(DEV_BE.host, renewed);
    const [listed] = (await as('GET', '/api/passkeys')).json().passkeys;
    expect(listed).toMatchObject({ aaguid: unknown.aaguid, authenticator: null });
    const renamed = await as('PATCH', `/api/passkeys/${listed.id}`, { name: 'Work laptop' });
    expect(renamed.json()).toMatchObject({ name: 'Work laptop', authenticator: null });
  });

  it('offers a password session a passkey until "Not now"; a passkey session none', async () => {
    const token = await signIn(stack, 'employee@example.be');
    const as = call(DEV_BE.host, token);
    expect((await as('GET', '/api/passkeys/offer')).json()).toEqual({ offer: true });
    expect((await as('POST', '/api/passkeys/offer/decline')).statusCode).toBe(204);
    expect((await as('GET', '/api/passkeys/offer')).json()).toEqual({ offer: false });

    const { key } = await withPasskey(DEV_BE, 'customer@example.be');
    const { anonymous, body } = await passkeySignIn(key, DEV_BE.origin);
    const signedIn = await anonymous('POST', '/api/passkeys/authentication', body);
    const byPasskey = signedIn.cookies.find((c) => c.name === 'access_token')?.value;
    const offer = await call(DEV_BE.host, byPasskey)('GET', '/api/passkeys/offer');
    expect(offer.json()).toEqual({ offer: false });
  });

  it('answers the offer and "Not now" only to a session (401 without)', async () => {
    const anonymous = call(DEV_BE.host);
    expect((await anonymous('GET', '/api/passkeys/offer')).statusCode).toBe(401);
    expect((await anonymous('POST', '/api/passkeys/offer/decline')).statusCode).toBe(401);
  });
});
