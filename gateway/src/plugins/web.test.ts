import { mkdtempSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildMockUpstream } from '@portal/mock-upstream';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { standInBuild } from '../render/stand-in-build';
import { browserHeaders, DEMO_PASSWORD, signIn, type TestStack, testStack } from '../test-helpers';
import { SIGNED_IN_WAIT_MS, styleHash, stylesheetsOf } from './web';

describe('static web app', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const script = `console.log(${JSON.stringify('portal '.repeat(400))});\n`;

  beforeAll(async () => {
    await mkdir(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Account</title><div id="root">');
    writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), script);
    await mkdir(join(root, '.vite'));
    writeFileSync(join(root, '.vite', 'manifest.json'), '{}');
  });

  it('caches hashed assets for a year, index.html never, and compresses', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const br = await s.gateway.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);

    const gz = await s.gateway.inject({
      url: '/assets/index-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    // docs/product.md part 4, root on load: a visitor without a session goes to the sign-in, from the server.
    for (const url of ['/', '/login']) {
      const start = await s.gateway.inject({ url });
      expect(start.statusCode, url).toBe(302);
      expect(start.headers.location, url).toBe('/login/email');
    }
    const signedIn = await s.gateway.inject({
      url: '/',
      cookies: { access_token: 'a'.repeat(40) },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<title>Account</title>');
    // The switcher's links before any script: remembered in a cookie the page can read.
    const chosen = await s.gateway.inject({ url: '/login/email?lang=fr&target=%2Fprofile' });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toBe('/login/email?target=%2Fprofile');
    // For the next visit, and handed over to the next page as this visit's choice.
    expect(chosen.headers['set-cookie']).toEqual([
      'lang=fr; Max-Age=31536000; Path=/; SameSite=Lax',
      'lang_chosen=fr; Max-Age=600; Path=/; SameSite=Lax',
    ]);
    for (const url of ['/login/email', '/account/security?tab=mfa']) {
      const page = await s.gateway.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body).toContain('<title>Account</title>');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect((await s.gateway.inject({ url: '/assets/missing-123.js' })).statusCode).toBe(404);
    // A file that is not there is a 404, never the app; only screens' paths fall back to it.
    for (const url of [
      '/wp-login.php',
      '/favicon.png',
      '/user/.env',
      '/API/user',
      '/Assets/x',
      // The build manifest is the gateway's to read, not the world's.
      '/.vite/manifest.json',
    ]) {
      const missing = await s.gateway.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('<title>Account</title>');
    }
    const api = await s.gateway.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });
});

describe('the stylesheets of a drawn page', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
    'src/Start.tsx': {
      file: 'assets/Start-2.js',
      css: ['assets/flows-3.css'],
      imports: ['index.html', '_List-4.js'],
    },
    '_List-4.js': { file: 'assets/List-4.js', css: ['assets/List-4.css'], imports: ['_Row-5.js'] },
    '_Row-5.js': { file: 'assets/Row-5.js', css: ['assets/flows-3.css'], imports: ['_List-4.js'] },
  };

  it("are the app's own first, then its screen's and every imported chunk's, once each", () => {
    expect(stylesheetsOf(manifest, ['index.html', 'src/Start.tsx'])).toEqual([
      'assets/index-1.css',
      'assets/flows-3.css',
      'assets/List-4.css',
    ]);
  });

  it('are none for a module the manifest does not know', () => {
    expect(stylesheetsOf(manifest, ['src/Gone.tsx'])).toEqual([]);
  });
});

describe('a drawn entry page', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-drawn-'));
  const appCss = 'body{margin:0}';
  const screenCss = '.choice-list{list-style:none}';

  beforeAll(async () => {
    await mkdir(join(root, 'assets'));
    await mkdir(join(root, 'ssr'));
    await mkdir(join(root, '.vite'));
    writeFileSync(
      join(root, 'index.html'),
      [
        '<!doctype html><html lang="en"><head><title>Account</title>',
        '<script type="module" crossorigin src="/assets/index-1.js"></script>',
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
        '</head><body><div id="root"></div></body></html>',
      ].join(''),
    );
    writeFileSync(join(root, 'assets', 'index-1.css'), appCss);
    writeFileSync(join(root, 'assets', 'Start-2.css'), screenCss);
    writeFileSync(
      join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
        'src/Start.tsx': { file: 'assets/Start-2.js', css: ['assets/Start-2.css'] },
      }),
    );
    // A server bundle as the web build makes it: one entry page, drawn in French.
    writeFileSync(
      join(root, 'ssr', 'entry-server.mjs'),
      [
        "export const ENTRY_PAGES = ['/onboarding'];",
        "export const PAGE_SOURCES = { '/onboarding': ['src/Start.tsx'] };",
        "export const localeFor = () => 'fr';",
        'export const render = async () =>',
        "  ({ lang: 'fr', title: 'Inscription', html: '<main><h1>Bienvenue</h1></main>', data: '{}' });",
      ].join('\n'),
    );
  });

  it('carries its styles in the HTML, allowed by their hash alone, and its script as a deferred module', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const page = await s.gateway.inject({ url: '/onboarding' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Bienvenue</h1>');
    // The app's styles, then the screen's: one response paints the page.
    const css = `${appCss}\n${screenCss}`;
    expect(page.body).toContain(`<style>${css}</style>`);
    expect(page.body).not.toContain('rel="stylesheet"');
    const styleSrc = String(page.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('style-src'));
    expect(styleSrc?.trim()).toBe(`style-src 'self' ${styleHash(css)}`);
    // Its script as built, named for the portal's boot module, which starts it once the page
    // has painted (decision 0014); no inline script.
    expect(page.body).toContain(
      '<meta name="portal-entry" content="/assets/index-1.js"><script type="module" src="/boot.js"></script>',
    );
    expect(page.body).not.toContain('src="/assets/index-1.js"');
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).not.toMatch(/<script>/);
    // A signed-in visitor gets the app's page as built: its stylesheet linked, nothing inline.
    const app = await s.gateway.inject({
      url: '/user/dashboard',
      cookies: { access_token: 'a'.repeat(40) },
    });
    expect(app.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(app.body).not.toContain('<style>');
  });
});

describe('a drawn signed-in page', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-drawn-user-'));

  beforeAll(async () => {
    await mkdir(join(root, 'assets'));
    await mkdir(join(root, 'ssr'));
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Account</title></head><body><div id="root"></div>\n    <noscript id="no-script"><p lang="en">This page needs JavaScript.</p></noscript></body></html>',
    );
    // A server bundle as the web build makes it: the dashboard, drawn for the user it is given.
    writeFileSync(
      join(root, 'ssr', 'entry-server.mjs'),
      [
        'export const ENTRY_PAGES = [];',
        "export const SIGNED_IN_PAGES = ['/user/dashboard'];",
        'export const PAGE_SOURCES = {};',
        "export const localeFor = () => 'en';",
        'export const render = async () => null;',
        'export const renderSignedIn = async (location, config, user) =>',
        "  user.password_status === 1 ? null : ({ lang: user.language, title: 'Dashboard',",
        "    html: '<main><h1>Welcome, ' + user.firstname + '</h1></main>', data: JSON.stringify({ user }) });",
      ].join('\n'),
    );
  });

  const dashboard = (s: TestStack, cookie?: string) =>
    s.gateway.inject({
      url: '/user/dashboard',
      headers: browserHeaders(s),
      ...(cookie ? { cookies: { access_token: cookie } } : {}),
    });

  it("holds the session's own user, read through the portal's rules, and is kept by no cache", async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const page = await dashboard(s, await signIn(s));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('<h1>Welcome, Emma</h1>');
    // Drawn, it works without script: the shell's word for a browser without it is gone.
    expect(page.body).not.toContain('needs JavaScript');
    expect(page.headers['cache-control']).toBe('no-store');
    // Another user's session, another page: nothing of the first is kept.
    const other = await dashboard(s, await signIn(s, 'customer@example.be'));
    expect(other.body).toContain('<h1>Welcome, Chloé</h1>');
    expect(other.body).not.toContain('Emma');
  });

  it("is the app's shell, with no one's data, for a session the account API does not know", async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const page = await dashboard(s, 'a'.repeat(40));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    // The shell says what to do without script (the address-hash hand-over needs it).
    expect(page.body).toContain('This page needs JavaScript.');
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("is the app's shell when the account API is gone: the browser meets that itself", async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const cookie = await signIn(s);
    await s.be.app.close();
    const page = await dashboard(s, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });

  it("is the app's shell, without waiting, while the account API is slow", async () => {
    // The account API behind a link that holds its answers to `GET /user` for 3 s when asked.
    const mock = buildMockUpstream({ region: 'be' });
    const target = new URL(await mock.app.listen({ port: 0, host: '127.0.0.1' }));
    onTestFinished(() => mock.app.close());
    let slow = false;
    const link = createServer((req, res) => {
      const forward = () =>
        req.pipe(
          httpRequest(
            {
              host: target.hostname,
              port: target.port,
              path: req.url,
              method: req.method,
              headers: req.headers,
            },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
            },
          ),
        );
      if (slow && req.method === 'GET' && req.url === '/user') setTimeout(forward, 3000);
      else forward();
    });
    await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => link.close(() => resolve())));
    const { port } = link.address() as AddressInfo;
    const s = await testStack({
      config: { WEB_DIST: root, UPSTREAM_BE_URL: `http://127.0.0.1:${port}` },
    });
    // Signed in by password alone (its codes would be in the other mock's outbox), and drawn.
    const cookie = await signIn(s, 'customer@example.be');
    expect((await dashboard(s, cookie)).body).toContain('<h1>Welcome, Chloé</h1>');
    slow = true;
    const started = performance.now();
    const page = await dashboard(s, cookie);
    const waited = performance.now() - started;
    expect(page.body).toContain('<div id="root"></div>');
    expect(waited).toBeGreaterThanOrEqual(SIGNED_IN_WAIT_MS - 50);
    expect(waited).toBeLessThan(2500);
  });

  it("is the app's shell for a page the server does not draw for this user, or with a query", async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const weak = await dashboard(s, await signIn(s, 'weak@example.be'));
    expect(weak.body).toContain('<div id="root"></div>');
    const cookie = await signIn(s);
    const query = await s.gateway.inject({
      url: '/user/dashboard?redirect_uri=https%3A%2F%2Fexample.org',
      headers: browserHeaders(s),
      cookies: { access_token: cookie },
    });
    expect(query.body).toContain('<div id="root"></div>');
    // Reached from another site: drawn in the browser, whose own call is same-origin.
    for (const site of ['cross-site', 'same-site']) {
      const linked = await s.gateway.inject({
        url: '/user/dashboard',
        headers: { ...browserHeaders(s), 'sec-fetch-site': site },
        cookies: { access_token: cookie },
      });
      expect(linked.body, site).toContain('<div id="root"></div>');
    }
    const typed = await s.gateway.inject({
      url: '/user/dashboard',
      headers: { ...browserHeaders(s), 'sec-fetch-site': 'none' },
      cookies: { access_token: cookie },
    });
    expect(typed.body).toContain('<h1>Welcome, Emma</h1>');
    const profile = await s.gateway.inject({
      url: '/profile',
      headers: browserHeaders(s),
      cookies: { access_token: cookie },
    });
    expect(profile.body).toContain('<div id="root"></div>');
  });
});

describe('the pages that need a session, and the consent page', () => {
  const root = mkdtempSync(join(tmpdir(), 'portal-session-pages-'));
  const AUTHORIZE = `/authorize?${new URLSearchParams({
    client_id: '101',
    redirect_uri: 'http://127.0.0.1:5555/callback',
    response_type: 'code',
    state: 'st-9',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })}`;

  beforeAll(async () => {
    await mkdir(join(root, 'assets'));
    await mkdir(join(root, 'ssr'));
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Account</title></head><body><div id="root"></div></body></html>',
    );
    // A server bundle as the web build makes it: the consent page, drawn from the flow's view
    // in the language it is given (the account's when none).
    writeFileSync(
      join(root, 'ssr', 'entry-server.mjs'),
      [
        "export const ENTRY_PAGES = ['/login/email'];",
        "export const SIGNED_IN_PAGES = ['/user/dashboard'];",
        "export const CONSENT_PAGES = ['/approve'];",
        'export const PAGE_SOURCES = {};',
        "export const localeFor = (config, accept, chosen) => chosen ?? 'en';",
        "export const render = async () => ({ lang: 'en', title: 'Log in', html: '<main><h1>Log in</h1></main>', data: '{}' });",
        'export const renderSignedIn = async (location, config, user, extras = {}, locale) =>',
        '  extras.consent === undefined ? null : ({ lang: locale ?? user.language, title: "Consent",',
        "    html: '<main><h1>' + (extras.consent ? extras.consent.client.name : 'No longer valid') + '</h1></main>', data: '{}' });",
      ].join('\n'),
    );
  });

  const visit = (s: TestStack, url: string, cookies: Record<string, string> = {}) =>
    s.gateway.inject({
      url,
      // A top-level navigation from the partner's site, as the browser sends it.
      headers: {
        host: 'be.localhost:3000',
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
      cookies,
    });
  const flowOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.find((c) => c.name === 'flow')?.value ?? '';

  it('sends a signed-out visit straight into the sign-in, the page as its target, with no app first', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    for (const url of ['/security', '/profile', '/user/access', '/security/history?page=2']) {
      const res = await visit(s, url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(
        `/login/email?${new URLSearchParams({ target: url })}`,
      );
      expect(res.body, url).not.toContain('<div id="root">');
    }
    // The sign-in itself, and a signed-in visit, are pages as before.
    expect((await visit(s, '/login/email')).statusCode).toBe(200);
    const signedIn = await visit(s, '/security', { access_token: await signIn(s) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<div id="root"></div>');
  });

  it('draws the consent from its flow in the language the journey began in, even arriving from the partner', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    // The visitor reads Dutch; customer@example.be's language is French.
    const device = browserHeaders(s).cookie;
    const signedIn = await s.gateway.inject({
      method: 'POST',
      url: '/api/sign-in/password',
      headers: { ...browserHeaders(s), cookie: `${device}; lang=nl` },
      payload: { username: 'customer@example.be', password: DEMO_PASSWORD, target: AUTHORIZE },
    });
    expect(signedIn.json().next).toBe(AUTHORIZE);
    const cookieOf = (name: string) => signedIn.cookies.find((c) => c.name === name)?.value ?? '';
    // The account's language takes over for what comes after the journey.
    expect(cookieOf('lang')).toBe('fr');
    const cookies = { access_token: cookieOf('access_token'), lang: 'fr' };
    const asked = await visit(s, AUTHORIZE, { ...cookies, flow: flowOf(signedIn) });
    expect(asked.headers.location).toBe('/approve');
    const page = await visit(s, '/approve', { ...cookies, flow: flowOf(asked) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('<h1>Partner Shop</h1>');
    expect(page.headers['cache-control']).toBe('no-store');
    // No consent under way: the page says the request is over, in the account's language.
    const gone = await visit(s, '/approve', cookies);
    expect(gone.body).toContain('<h1>No longer valid</h1>');
    expect(gone.body).toContain('<html lang="fr">');
  });

  it('speaks the account’s language to a visitor who came signed in', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    // employee@example.be's language is Dutch; the lang cookie says French.
    const cookies = { access_token: await signIn(s), lang: 'fr' };
    const asked = await visit(s, AUTHORIZE, cookies);
    const page = await visit(s, '/approve', { ...cookies, flow: flowOf(asked) });
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toContain('<h1>Partner Shop</h1>');
  });

  it('asks an older consent address again at /authorize, and sends a signed-out consent to the partner’s sign-in', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const old = await visit(s, `/approve${AUTHORIZE.slice('/authorize'.length)}&partner=1`);
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe(AUTHORIZE);

    const asked = await visit(s, AUTHORIZE, { access_token: await signIn(s) });
    const signedOut = await visit(s, '/approve', { flow: flowOf(asked) });
    expect(signedOut.statusCode).toBe(302);
    const login = new URL(signedOut.headers.location as string, 'http://be.localhost:3000');
    expect(login.pathname).toBe('/login/email');
    expect(login.searchParams.get('target')).toBe(AUTHORIZE);
    expect(login.searchParams.get('partner')).toBe('1');
  });
});

describe('the pages after the sign-in (weak password, deletion pending), forms that work without script', () => {
  const TARGET = '/weak-password?verified=true&target=%2Fsecurity';
  // A server bundle as the web build makes it: the page says why, and any refusal it is given.
  const root = standInBuild('drawn-weak', [
    'export const ENTRY_PAGES = [];',
    "export const SIGNED_IN_PAGES = ['/user/dashboard'];",
    "export const AFTER_SIGN_IN_PAGES = ['/weak-password', '/deletion-pending'];",
    'export const PAGE_SOURCES = {};',
    "export const localeFor = () => 'en';",
    'export const render = async () => null;',
    'export const renderSignedIn = async (location, config, user, extras) =>',
    "  ({ lang: 'en', title: 'Weak', data: '{}', html: '<main><p>status ' + user.password_status +",
    "    '</p><form method=\"post\"></form><p>' + location + '</p><pre>' + JSON.stringify((extras && extras.form) || null) + '</pre>' +",
    "    '<pre>' + JSON.stringify(extras && extras.deletion !== undefined ? extras.deletion : 'unread') + '</pre></main>' });",
  ]);

  /** The page's form as a browser posts it from the page (no-referrer: Origin "null"). */
  const post = (
    s: TestStack,
    cookie: string,
    fields: Record<string, string>,
    site = 'same-origin',
  ) =>
    s.gateway.inject({
      method: 'POST',
      url: TARGET,
      headers: {
        host: 'be.localhost:3000',
        origin: 'null',
        'sec-fetch-site': site,
        'content-type': 'application/x-www-form-urlencoded',
        cookie: `device=${s.deviceCookie}; access_token=${cookie}`,
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('is drawn for the session it confines, with its query, and says why (password_status)', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const cookie = await signIn(s, 'weak@example.be');
    const page = await s.gateway.inject({
      url: TARGET,
      headers: browserHeaders(s),
      cookies: { access_token: cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<p>status 1</p>');
    expect(page.body).toContain(`<p>${TARGET}</p>`);
    expect(page.body).toContain('<form method="post">');
  });

  it('answers a good new password 303 straight to where the sign-in was headed', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const cookie = await signIn(s, 'weak@example.be');
    const password = 'A-much-Stronger-2026!';
    const saved = await post(s, cookie, { password, confirm: password });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/security');
    // The session goes on (renewed): no longer confined to the password change.
    const renewed = saved.cookies.find((c) => c.name === 'access_token')?.value ?? cookie;
    const sessions = await s.gateway.inject({
      url: '/api/trusted-devices',
      headers: browserHeaders(s),
      cookies: { access_token: renewed },
    });
    expect(sessions.statusCode).toBe(200);
    // Sent again (back, then the form once more): no longer weak, on to the same page.
    const again = await post(s, renewed, { password, confirm: password });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/security');
  });

  it('draws the page again with the refusal at the password: the two differ, a broken rule', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const cookie = await signIn(s, 'weak@example.be');
    const differ = await post(s, cookie, {
      password: 'A-much-Stronger-2026!',
      confirm: 'A-much-Stronger-2027!',
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain('"code":"password_mismatch"');
    expect(differ.body).toContain('"field":"password"');
    const short = await post(s, cookie, { password: 'short', confirm: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('"field":"password"');
    expect(short.body).toContain('"path":"/weak-password"');
    // Never the password in the page.
    expect(short.body).not.toContain('short"');
    // Still weak: the sign-in's pages stay closed to it.
    const sessions = await s.gateway.inject({
      url: '/api/trusted-devices',
      headers: browserHeaders(s),
      cookies: { access_token: cookie },
    });
    expect(sessions.statusCode).toBe(403);
  });

  it("refuses another site's form, and sends a form without a session to the sign-in", async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const cookie = await signIn(s, 'weak@example.be');
    const password = 'A-much-Stronger-2026!';
    const forged = await post(s, cookie, { password, confirm: password }, 'cross-site');
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('Nothing was done.');
    const signedOut = await s.gateway.inject({
      method: 'POST',
      url: TARGET,
      headers: {
        host: 'be.localhost:3000',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ password, confirm: password }).toString(),
    });
    expect(signedOut.statusCode).toBe(303);
    // The page again, which without a session says to log in first.
    expect(signedOut.headers.location).toBe(TARGET);
  });

  it('asks about a deletion under way with its date, and keeps the account or goes on, either way to the target', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    // customer@example.be has no second factor: its deletion is asked for at the account API.
    const headers = { 'x-device-id': s.deviceId };
    const token = await s.be.app.inject({
      method: 'POST',
      url: '/token',
      headers,
      payload: { grant_type: 'password', username: 'customer@example.be', password: DEMO_PASSWORD },
    });
    const asked = await s.be.app.inject({
      method: 'POST',
      url: '/user/deletion',
      headers: { ...headers, authorization: `Bearer ${token.json().access_token}` },
      payload: { confirm: true },
    });
    expect(asked.statusCode).toBeLessThan(300);
    const cookie = await signIn(s, 'customer@example.be');
    const page = '/deletion-pending?target=%2Fprofile';
    // As the browser navigates there after the sign-in (a 303): no portal header of the app's.
    const drawn = await s.gateway.inject({
      url: page,
      headers: {
        host: 'be.localhost:3000',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
        'sec-fetch-site': 'same-origin',
        cookie: `device=${s.deviceCookie}; access_token=${cookie}`,
      },
    });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain('"delete_at"');
    const press = (action: string, target = '%2Fprofile') =>
      s.gateway.inject({
        method: 'POST',
        url: `/deletion-pending?target=${target}`,
        headers: {
          host: 'be.localhost:3000',
          origin: 'null',
          'sec-fetch-site': 'same-origin',
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `device=${s.deviceCookie}; access_token=${cookie}`,
        },
        payload: new URLSearchParams({ action }).toString(),
      });
    // Continue: on to the target, the deletion still planned.
    const goOn = await press('continue');
    expect(goOn.statusCode).toBe(303);
    expect(goOn.headers.location).toBe('/profile');
    const still = await s.gateway.inject({
      url: '/api/user/deletion',
      headers: browserHeaders(s),
      cookies: { access_token: cookie },
    });
    expect(still.json().scheduled).not.toBeNull();
    // Keep, with a target on another host: cancelled, and the dashboard, never that host.
    const kept = await press('keep', encodeURIComponent('/.//127.0.0.1:3399/x'));
    expect(kept.statusCode).toBe(303);
    expect(kept.headers.location).toBe('/user/dashboard');
    const gone = await s.gateway.inject({
      url: '/api/user/deletion',
      headers: browserHeaders(s),
      cookies: { access_token: cookie },
    });
    expect(gone.json().scheduled).toBeNull();
    // Pressed again (a replayed form): nothing under way any more, on all the same.
    expect((await press('keep')).headers.location).toBe('/profile');
  });
});
