import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KNOWN_SCOPES } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, type TestStack, testStack } from '../test-helpers';

/** A built web app's folder: every path the router does not know would be its HTML. */
async function webBuild(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'portal-well-known-'));
  await mkdir(join(root, '.vite'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Account</title><div id="root">');
  await writeFile(join(root, '.vite', 'manifest.json'), '{}');
  return root;
}

describe('real files at real paths', () => {
  let stack: TestStack;
  const expires = new Date(Date.now() + 90 * 24 * 3600 * 1000);
  beforeAll(async () => {
    stack = await testStack({
      scope: 'caller',
      config: {
        WEB_DIST: await webBuild(),
        SECURITY_TXT_CONTACT_LU: ['mailto:cert@example.lu', 'https://example.lu/security'],
        SECURITY_TXT_EXPIRES: expires,
        SECURITY_TXT_LANGUAGES_LU: ['fr', 'de', 'en', 'lb'],
        OAUTH_TOKEN_ENDPOINT_BE: 'https://api.example.be/oauth/token',
      },
    });
  });
  afterAll(() => stack.close());

  const get = (url: string, host = 'account.example.be') =>
    stack.gateway.inject({ url, headers: apiHeaders(host) });

  it('serves robots.txt that keeps every page out of search engines', async () => {
    const robots = await get('/robots.txt', 'be.localhost:3000');
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Disallow: /');
  });

  it("serves each variant's security.txt (RFC 9116) from its configuration", async () => {
    const be = await get('/.well-known/security.txt');
    expect(be.statusCode).toBe(200);
    expect(be.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(be.headers['cache-control']).toBe('public, max-age=86400');
    // Unset: the security mailbox of the variant's domain, the four languages of Belgium.
    expect(be.body).toMatch(/^Contact: mailto:security@be\.localhost$/m);
    expect(be.body).toContain(`Expires: ${expires.toISOString()}\n`);
    expect(be.body).toContain('Preferred-Languages: en, fr, nl, de\n');
    expect(be.body).toContain('Canonical: https://account.example.be/.well-known/security.txt');
    expect(be.body).not.toContain('example.lu');

    const lu = await get('/.well-known/security.txt', 'account.example.lu');
    expect(lu.body.split('\n').filter((l) => l.startsWith('Contact: '))).toEqual([
      'Contact: mailto:cert@example.lu',
      'Contact: https://example.lu/security',
    ]);
    expect(lu.body).toContain('Preferred-Languages: fr, de, en, lb\n');
    expect(lu.body).toContain('Canonical: https://account.example.lu/.well-known/security.txt');
    expect(lu.body).not.toContain('example.be');
  });

  it('sends a password manager to the password change page (W3C change-password)', async () => {
    const answer = await get('/.well-known/change-password');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/security/edit-password');
  });

  it('describes the authorisation server so a partner library configures itself (RFC 8414)', async () => {
    const be = await get('/.well-known/oauth-authorization-server');
    expect(be.statusCode).toBe(200);
    expect(be.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(be.headers['cache-control']).toBe('public, max-age=3600');
    expect(be.headers['access-control-allow-origin']).toBe('*');
    const metadata = be.json();
    expect(metadata).toMatchObject({
      issuer: 'https://account.example.be',
      authorization_endpoint: 'https://account.example.be/authorize',
      token_endpoint: 'https://api.example.be/oauth/token',
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(metadata.scopes_supported).toEqual([...KNOWN_SCOPES]);
    expect(metadata.grant_types_supported).not.toContain('password');

    // The issuer is the origin asked (RFC 8414 3.3); unset, the token endpoint is the upstream's.
    const lu = (await get('/.well-known/oauth-authorization-server', 'lu.localhost:3000')).json();
    expect(lu.issuer).toBe('http://lu.localhost:3000');
    expect(lu.authorization_endpoint).toBe('http://lu.localhost:3000/authorize');
    expect(lu.token_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/token$/);
  });

  it('answers 404 for any other well-known address, never the app page', async () => {
    for (const path of [
      '/.well-known/openid-configuration',
      '/.well-known/assetlinks.json',
      '/.well-known/',
    ]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
      expect(answer.body, path).not.toContain('<title>');
    }
    // The app's pages are still served (the build is there): a page open to anyone, as a
    // signed-out visit to a signed-in page is sent to the sign-in (docs/flows.md).
    expect((await get('/login/email')).body).toContain('<title>');
  });
});
