import { describe, expect, it } from 'vitest';
import {
  apiHeaders,
  browserHeaders,
  DEMO_PASSWORD,
  signIn,
  testStack,
  wrongPassword,
} from '../test-helpers';

const stack = testStack({ scope: 'file' });

describe('public origins', () => {
  /** A sign-in call as a browser at `host` whose page is at `origin` sends it. */
  const signInAt = (host: string, origin: string, payload: object = wrongPassword) =>
    stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { ...browserHeaders(stack, host), origin },
      payload,
    });

  it('answers a Host it is not configured for with 421: a page for a browser, JSON for a call', async () => {
    const page = await stack.gateway.inject({
      url: '/login/email',
      headers: { host: 'portal.evil.example', accept: 'text/html' },
    });
    expect(page.statusCode).toBe(421);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('http://be.localhost:3000');
    expect(page.headers['set-cookie']).toBeUndefined();

    const call = await signInAt('portal.evil.example', 'http://portal.evil.example');
    expect(call.statusCode).toBe(421);
    expect(call.json().code).toBe('misdirected');
  });

  it('answers the health probes on any Host (they address the container)', async () => {
    const res = await stack.gateway.inject({
      url: '/healthz',
      headers: { host: '172.17.0.5:3000' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('takes the same-origin rule from the configured origin, not from Host', async () => {
    // The browser's Origin is the Host it asked for, but that is not the configured origin's scheme.
    const res = await signInAt('account.example.be', 'http://account.example.be');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf');
    const ok = await signInAt('account.example.be', 'https://account.example.be');
    expect(ok.statusCode).toBe(400);
  });

  it('builds the identity-provider redirect_uri from the configured origin', async () => {
    const res = await stack.gateway.inject({
      url: '/api/sso/microsoft/login?login_hint=sso%40acme.example',
      headers: apiHeaders('account.example.be'),
    });
    expect(res.statusCode, res.body).toBe(200);
    const target = new URL(res.json().redirect);
    // The mock's identity provider sends the browser straight back to the redirect_uri it was given.
    expect(`${target.origin}${target.pathname}`).toBe(
      'https://account.example.be/sso/microsoft/login/callback',
    );
  });

  it('gives secure cookies whenever the origin is HTTPS, whatever the hop said', async () => {
    const res = await stack.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { ...browserHeaders(stack, 'account.example.be'), 'x-forwarded-proto': 'http' },
      payload: { ...wrongPassword, username: 'customer@example.be', password: DEMO_PASSWORD },
    });
    const cookie = res.cookies.find((c) => c.name === 'access_token');
    expect(cookie).toMatchObject({ secure: true, domain: 'example.be', httpOnly: true });
  });
});

const signInBody = { username: 'employee@example.be', password: DEMO_PASSWORD };

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
      url: '/api/sign-in/password',
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
