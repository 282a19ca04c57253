import { assert, newSoftPasskey, register } from '@portal/mock-upstream/test-authenticator';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserHeaders, fileStack, mockOf, signIn } from '../test-helpers';

const stack = fileStack();
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

/** Signs in by password + MFA (which holds sudo) and adds a passkey made for the origin of `host`. */
async function withPasskey(host: string, login: string, origin: string, rpId: string) {
  const token = await signIn(stack, login, host);
  const as = call(host, token);
  const start = await as('POST', '/api/passkeys/registration/options');
  expect(start.statusCode).toBe(200);
  const { payload, options } = start.json();
  expect(options.rp.id).toBe(rpId);
  const key = newSoftPasskey();
  const done = await as('POST', '/api/passkeys/registration', {
    payload,
    name: 'Chrome on Linux',
    credential: register(key, { challenge: options.challenge, rpId, origin }),
  });
  expect(done.statusCode).toBe(201);
  return { key, token };
}

describe('passkeys through the gateway', () => {
  it('names the public origin as relying party: be.localhost in development', async () => {
    const host = 'be.localhost:3000';
    const { key } = await withPasskey(
      host,
      'employee@example.be',
      'http://be.localhost:3000',
      'be.localhost',
    );
    expect(mockOf(stack, host).store.passkeys.get(key.id)?.rpId).toBe('be.localhost');
  });

  it('uses the registrable domain in production (account.example.lu → example.lu)', async () => {
    const host = 'account.example.lu';
    const { key } = await withPasskey(
      host,
      'marie@example.lu',
      'https://account.example.lu',
      'example.lu',
    );
    expect(stack.lu.store.passkeys.get(key.id)?.rpId).toBe('example.lu');
  });

  it('a passkey sign-in sets the session cookie, with no token in the body and no MFA step', async () => {
    const host = 'be.localhost:3000';
    const { key } = await withPasskey(
      host,
      'employee@example.be',
      'http://be.localhost:3000',
      'be.localhost',
    );
    const anonymous = call(host);
    const start = await anonymous('POST', '/api/passkeys/authentication/options', {
      purpose: 'login',
    });
    expect(start.statusCode).toBe(200);
    const { payload, options } = start.json();
    const res = await anonymous('POST', '/api/passkeys/authentication', {
      payload,
      credential: assert(key, {
        challenge: options.challenge,
        rpId: 'be.localhost',
        origin: 'http://be.localhost:3000',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_in: true, weak: false });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.body).not.toContain(cookie?.value);
    // Signed in, and the recent check holds: no code is asked for a sensitive change.
    const status = await call(host, cookie?.value)('GET', '/api/mfa/status');
    expect(status.json().sudo).toBe(true);
  });

  it('passes the upstream refusals on: another origin 422, a spent check 410', async () => {
    const host = 'be.localhost:3000';
    const { key } = await withPasskey(
      host,
      'employee@example.be',
      'http://be.localhost:3000',
      'be.localhost',
    );
    const anonymous = call(host);
    const { payload, options } = (
      await anonymous('POST', '/api/passkeys/authentication/options', { purpose: 'login' })
    ).json();
    const body = {
      payload,
      credential: assert(key, {
        challenge: options.challenge,
        rpId: 'be.localhost',
        origin: 'http://be.localhost.evil.example',
      }),
    };
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
});
