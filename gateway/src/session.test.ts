import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiHeaders,
  browserHeaders,
  DEMO_PASSWORD,
  signIn,
  startStack,
  type TestStack,
} from './test-helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const signInBody = {
  grant_type: 'password',
  username: 'employee@example.be',
  password: DEMO_PASSWORD,
};
/** customer@example.be has no MFA method: the password alone signs in. */
const oneStepSignIn = { ...signInBody, username: 'customer@example.be' };

describe('sign-in through the gateway', () => {
  it('sets the token as an httpOnly cookie and never in the body', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: browserHeaders(stack),
      payload: oneStepSignIn,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_in: true, weak: false });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 2592000 });
    expect(cookie?.domain).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
    expect(res.body).not.toContain(cookie?.value);
  });

  it('scopes the cookie to the parent domain on account.example.be', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: { ...browserHeaders(stack, 'account.example.be'), 'x-forwarded-proto': 'https' },
      payload: oneStepSignIn,
    });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie?.domain).toBe('example.be');
  });

  it('passes a wrong password on as 400 with the spec message', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: browserHeaders(stack),
      payload: { ...signInBody, password: 'wrong' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid username/password.' });
    expect(res.cookies).toHaveLength(0);
  });

  it('names the wrong field of a bad request', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: browserHeaders(stack),
      payload: { grant_type: 'password', username: 'employee@example.be' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation' });
    expect(res.json().issues[0].path).toBe('body.password');
  });

  it('serves the user to the cookie holder and signs out', async () => {
    const token = await signIn(stack);
    const user = await stack.gateway.inject({
      method: 'GET',
      url: '/api/user',
      headers: apiHeaders('be.localhost:3000'),
      cookies: { access_token: token },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json().data.firstname).toBe('Emma');

    const out = await stack.gateway.inject({
      method: 'DELETE',
      url: '/api/token',
      headers: { host: 'be.localhost:3000', 'x-device-id': stack.deviceId },
      cookies: { access_token: token },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'access_token')?.value).toBe('');

    const after = await stack.gateway.inject({
      method: 'GET',
      url: '/api/user',
      headers: apiHeaders('be.localhost:3000'),
      cookies: { access_token: token },
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('CSRF rule', () => {
  it('refuses a state-changing call without X-Device-ID', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: { host: 'be.localhost:3000', 'content-type': 'application/json' },
      payload: signInBody,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
  });

  it('refuses a cross-site POST', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: {
        ...browserHeaders(stack),
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
      payload: signInBody,
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a device id that is not a UUID', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: { ...browserHeaders(stack), 'x-device-id': 'not-a-uuid' },
      payload: signInBody,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_device_id');
  });
});

describe('variant by host', () => {
  it('answers the Luxembourg config on lu.localhost and reaches the LU upstream', async () => {
    const config = await stack.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('lu.localhost:3000'),
    });
    expect(config.json()).toMatchObject({ variant: 'lu', defaultLanguage: 'fr_LU' });
    const token = await signIn(stack, 'marie@example.lu', 'lu.localhost:3000');
    const user = await stack.gateway.inject({
      url: '/api/user',
      headers: apiHeaders('lu.localhost:3000'),
      cookies: { access_token: token },
    });
    expect(user.json().data.firstname).toBe('Marie');
    // The Belgian upstream does not know Marie.
    const be = await stack.gateway.inject({
      method: 'POST',
      url: '/api/token',
      headers: browserHeaders(stack),
      payload: { ...signInBody, username: 'marie@example.lu' },
    });
    expect(be.statusCode).toBe(400);
  });

  it('answers the Belgian config on any other host', async () => {
    const config = await stack.gateway.inject({
      url: '/api/config',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(config.json()).toMatchObject({ variant: 'be', languages: ['en', 'fr', 'nl'] });
  });
});
