import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedRedirect } from './redirects';
import { apiHeaders, startStack, type TestStack } from './test-helpers';

const OWN = 'http://be.localhost:3000';
const CLIENTS = [
  {
    client_id: 17,
    name: 'My vouchers',
    first_party: true,
    redirect_uris: ['http://my.localhost:8003/callback'],
  },
  {
    client_id: 101,
    name: 'Partner Shop',
    first_party: false,
    redirect_uris: ['http://127.0.0.1:5555/callback'],
  },
];

describe('the redirect allow-list', () => {
  it.each([
    ['/user/dashboard', `${OWN}/user/dashboard`],
    ['/authorize?client_id=101&state=x', `${OWN}/authorize?client_id=101&state=x`],
    [`${OWN}/partner/link-success`, `${OWN}/partner/link-success`],
    ['http://my.localhost:8003/', 'http://my.localhost:8003/'],
    ['http://my.localhost:8003/vouchers?tab=1', 'http://my.localhost:8003/vouchers?tab=1'],
    [
      'http://127.0.0.1:5555/callback?code=abc&state=s',
      'http://127.0.0.1:5555/callback?code=abc&state=s',
    ],
  ])('allows %s', (uri, target) => {
    expect(allowedRedirect(uri, OWN, CLIENTS)).toBe(target);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://be.localhost:3000@evil.example/',
    'http://be.localhost:3000.evil.example/',
    'https://be.localhost:3000/user/dashboard',
    'http://be.localhost:3001/',
    'http://127.0.0.1:5555/other',
    'http://127.0.0.1:5555/callback/../other',
    'http://127.0.0.1:5556/callback',
    'http://my.localhost:8004/',
    '',
  ])('refuses %j', (uri) => {
    expect(allowedRedirect(uri, OWN, CLIENTS)).toBeNull();
  });
});

describe('GET /api/redirect-check', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const check = (uri: string, host = 'be.localhost:3000') =>
    stack.gateway.inject({ url: '/api/redirect-check', query: { uri }, headers: apiHeaders(host) });

  it("allows the seed's registered clients and the portal itself", async () => {
    expect((await check('http://127.0.0.1:5555/callback?code=x')).json()).toEqual({
      allowed: true,
      target: 'http://127.0.0.1:5555/callback?code=x',
    });
    expect((await check('http://client.localhost:8004/orders')).json().allowed).toBe(true);
    expect((await check('/security')).json()).toEqual({
      allowed: true,
      target: 'http://be.localhost:3000/security',
    });
  });

  it('refuses other hosts, protocol-relative and script URLs', async () => {
    for (const uri of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
      expect((await check(uri)).json()).toEqual({ allowed: false, target: null });
    }
  });

  it('names a registered app for its sign-in page, anonymously; 404 for an unknown one', async () => {
    const named = await stack.gateway.inject({
      url: '/api/clients/101',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual({ client_id: 101, name: 'Partner Shop' });
    const unknown = await stack.gateway.inject({
      url: '/api/clients/999',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await stack.gateway.inject({
      url: '/api/clients/abc',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 400 without a uri', async () => {
    const res = await stack.gateway.inject({
      url: '/api/redirect-check',
      headers: apiHeaders('be.localhost:3000'),
    });
    expect(res.statusCode).toBe(400);
  });
});
