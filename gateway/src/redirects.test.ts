import { describe, expect, it } from 'vitest';
import { allowedRedirect, resolveTarget, type TargetRefusal } from './redirects';
import { apiHeaders, testStack } from './test-helpers';

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

/**
 * The spellings that reach another host when read as a path by a browser or a
 * router, each refused on its resolved form (issue 40). The attack of the
 * issue: `/.//127.0.0.1:3399/x` resolved to the path `//127.0.0.1:3399/x`.
 */
describe('resolveTarget: the open-redirect class, decided on the resolved form', () => {
  it.each<[string, TargetRefusal]>([
    ['/.//127.0.0.1:3399/x', 'path_names_a_host'],
    ['/%2e//127.0.0.1:3399/x', 'path_names_a_host'],
    ['/%2E//host.example', 'path_names_a_host'],
    ['/a/..//host.example', 'path_names_a_host'],
    ['/a/%2e%2e//host.example', 'path_names_a_host'],
    ['/./\\host.example', 'path_names_a_host'],
    ['/user/..//host.example/path?x=1', 'path_names_a_host'],
    ['/%5chost.example', 'encoded_separator'],
    ['/%2fhost.example', 'encoded_separator'],
    ['/%2F%2Fhost.example', 'encoded_separator'],
    ['/user/%5C%5Chost.example', 'encoded_separator'],
    ['//host.example', 'not_allowed'],
    ['///host.example', 'not_allowed'],
    ['/\\host.example', 'not_allowed'],
    ['\\\\host.example', 'not_allowed'],
    ['https:host.example', 'not_allowed'],
    ['http:/\\host.example', 'not_allowed'],
    ['https://host.example/user/dashboard', 'not_allowed'],
    ['/\t/host.example', 'control_character'],
    ['/\n/host.example', 'control_character'],
    ['/user\r\n//host.example', 'control_character'],
    ['javascript:alert(document.domain)', 'scheme'],
    ['  javascript:alert(1)', 'scheme'],
    ['data:text/html,<script>alert(1)</script>', 'scheme'],
    ['vbscript:msgbox(1)', 'scheme'],
    ['ftp://be.localhost:3000/', 'scheme'],
    ['http://be.localhost:3000@host.example/', 'userinfo'],
    ['http://user:pass@be.localhost:3000/user/dashboard', 'userinfo'],
    ['', 'empty'],
    [`/${'a'.repeat(2001)}`, 'too_long'],
  ])('refuses %j (%s)', (raw, reason) => {
    expect(resolveTarget(raw, OWN, CLIENTS)).toEqual({ ok: false, reason });
  });

  it.each([
    ['/user/dashboard', `${OWN}/user/dashboard`],
    ['/a/../security?tab=1#top', `${OWN}/security?tab=1#top`],
    ['/%2e/profile', `${OWN}/profile`],
    ['profile', `${OWN}/profile`],
    [
      '/authorize?client_id=101&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcallback',
      `${OWN}/authorize?client_id=101&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcallback`,
    ],
    ['HTTP://BE.LOCALHOST:3000/security', `${OWN}/security`],
  ])('answers %j as the absolute %s', (raw, url) => {
    expect(resolveTarget(raw, OWN, CLIENTS)).toEqual({ ok: true, url, internal: true });
  });

  it('answers a registered client URI as external, and nothing but the own origin without clients', () => {
    expect(resolveTarget('http://127.0.0.1:5555/callback?state=s', OWN, CLIENTS)).toEqual({
      ok: true,
      url: 'http://127.0.0.1:5555/callback?state=s',
      internal: false,
    });
    expect(resolveTarget('http://127.0.0.1:5555/callback', OWN)).toEqual({
      ok: false,
      reason: 'not_allowed',
    });
  });

  it("is the variant's: a Luxembourg target is not a Belgian one", () => {
    expect(resolveTarget('http://lu.localhost:3000/security', OWN).ok).toBe(false);
    expect(resolveTarget('/security', 'http://lu.localhost:3000')).toEqual({
      ok: true,
      url: 'http://lu.localhost:3000/security',
      internal: true,
    });
  });
});

describe('GET /api/redirect-check', () => {
  const stack = testStack({ scope: 'file' });

  const check = (uri: string, host = 'be.localhost:3000') =>
    stack.gateway.inject({ url: '/api/redirect-check', query: { uri }, headers: apiHeaders(host) });

  it("allows the seed's registered clients and the portal itself", async () => {
    expect((await check('http://127.0.0.1:5555/callback?code=x')).json()).toEqual({
      allowed: true,
      target: 'http://127.0.0.1:5555/callback?code=x',
      path: null,
    });
    expect((await check('http://client.localhost:8004/orders')).json().allowed).toBe(true);
    expect((await check('/a/../security?tab=1#top')).json()).toEqual({
      allowed: true,
      target: 'http://be.localhost:3000/security?tab=1#top',
      path: '/security?tab=1#top',
    });
  });

  it('refuses other hosts, protocol-relative and script URLs', async () => {
    for (const uri of [
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '/.//127.0.0.1:3399/x',
      '/%2e//127.0.0.1:3399/x',
      '/a/..//127.0.0.1:3399/x',
    ]) {
      expect((await check(uri)).json()).toEqual({ allowed: false, target: null, path: null });
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
