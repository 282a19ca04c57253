import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMockUpstream } from '@portal/mock-upstream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { browserHeaders, signIn, testStack } from '../test-helpers';

/*
 * Issue 37, items 10 and 13: metrics an SRE builds SLOs on. Asserted on the
 * /metrics text after the requests of one page load and a few others.
 */

/** A built web app: two hashed assets and a server bundle drawing the sign-in and the dashboard. */
function webApp(): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-metrics-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'ssr'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Account</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(root, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
  writeFileSync(join(root, 'assets', 'LoginScreen-Ef56Gh78.js'), 'console.log(2);');
  writeFileSync(
    join(root, 'ssr', 'entry-server.mjs'),
    [
      "export const ENTRY_PAGES = ['/login/email'];",
      "export const SIGNED_IN_PAGES = ['/user/dashboard'];",
      "export const APP_PATHS = ['/login/email', '/user/dashboard', '/profile', '/sso/:provider/login/callback'];",
      'export const PAGE_SOURCES = {};',
      "export const localeFor = () => 'en';",
      'export const render = async () =>',
      "  ({ lang: 'en', title: 'Sign in', html: '<main>Sign in</main>', data: '{}' });",
      'export const renderSignedIn = async (location, config, user) =>',
      "  ({ lang: 'en', title: 'Dashboard', html: '<main>' + user.firstname + '</main>', data: '{}' });",
    ].join('\n'),
  );
  return root;
}

/** The sample lines of `name` in the metrics text. */
const samples = (text: string, name: string) =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe('the HTTP metrics', () => {
  it('name pages by route template and variant, with a bounded set of labels, and leave out a drawn page’s own read', async () => {
    const s = await testStack({ config: { WEB_DIST: webApp() } });
    const token = await signIn(s);
    const headers = browserHeaders(s);
    const lu = { host: 'lu.localhost:3000' };
    // One page load: the page, its assets.
    for (const url of [
      '/login/email',
      '/assets/index-Ab12Cd34.js',
      '/assets/LoginScreen-Ef56Gh78.js',
    ]) {
      expect((await s.gateway.inject({ url })).statusCode, url).toBe(200);
    }
    expect((await s.gateway.inject({ url: '/login/email', headers: lu })).statusCode).toBe(200);
    // Paths no screen has, and screens without a drawn page: one label each way.
    for (const url of ['/made/up/1', '/made/up/2', '/wp-login.php', '/assets/missing-123.js']) {
      await s.gateway.inject({ url });
    }
    // The provider's way back without its code: the app's page, refused (400).
    await s.gateway.inject({ url: '/sso/google/login/callback' });
    // The dashboard drawn for its user (its own GET /api/user inside), then the client's one call.
    const dashboard = await s.gateway.inject({
      url: '/user/dashboard',
      headers,
      cookies: { access_token: token },
    });
    expect(dashboard.body).toContain('<main>Emma</main>');
    const before = await s.gateway.management.inject({ url: '/metrics' });
    const user = await s.gateway.inject({
      url: '/api/user',
      headers,
      cookies: { access_token: token },
    });
    expect(user.statusCode).toBe(200);

    const text = (await s.gateway.management.inject({ url: '/metrics' })).body;
    const total = samples(text, 'portal_http_requests_total');
    const has = (labels: string, count: number) =>
      expect(total, labels).toContain(`portal_http_requests_total{${labels}} ${count}`);
    has('method="GET",route="/login/email",status="200",variant="be"', 1);
    has('method="GET",route="/login/email",status="200",variant="lu"', 1);
    has('method="GET",route="/assets/*",status="200",variant="be"', 2);
    has('method="GET",route="/user/dashboard",status="200",variant="be"', 1);
    has('method="GET",route="/sso/:provider/login/callback",status="400",variant="be"', 1);
    // The client's own read, once: the dashboard's inner read is part of the page.
    has('method="GET",route="/api/user",status="200",variant="be"', 1);
    expect(before.body).not.toContain('route="/api/user"');
    // No asset's or made-up path's name is a label; unknown paths share one.
    expect(text).not.toMatch(/Ab12Cd34|Ef56Gh78|missing-123|made\/up|wp-login/);
    expect(total.filter((line) => line.includes('route="/*"'))).toEqual([
      'portal_http_requests_total{method="GET",route="/*",status="200",variant="be"} 2',
      'portal_http_requests_total{method="GET",route="/*",status="404",variant="be"} 2',
    ]);
    expect(samples(text, 'portal_http_request_duration_seconds_count')).toContain(
      'portal_http_request_duration_seconds_count{method="GET",route="/user/dashboard",status="200",variant="be"} 1',
    );
    // Nothing in flight while the management port answers; both variants reported.
    expect(samples(text, 'portal_http_requests_in_flight')).toEqual([
      'portal_http_requests_in_flight{variant="be"} 0',
      'portal_http_requests_in_flight{variant="lu"} 0',
    ]);
    // What runs: version, commit (unknown from the sources), Node.
    expect(samples(text, 'portal_build_info')).toEqual([
      `portal_build_info{version="0.1.0",commit="unknown",node_version="${process.version}"} 1`,
    ]);
  });

  it('count a request in flight until it is answered', async () => {
    // The account API behind a link that holds `GET /user` until released.
    const mock = buildMockUpstream({ region: 'be' });
    const target = new URL(await mock.app.listen({ port: 0, host: '127.0.0.1' }));
    onTestFinished(() => mock.app.close());
    let release = () => {};
    let held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let hold = false;
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
      if (hold && req.url === '/user') {
        arrived();
        void held.then(forward);
      } else forward();
    });
    await new Promise<void>((resolve) => link.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => link.close(() => resolve())));
    const { port } = link.address() as AddressInfo;
    const s = await testStack({
      config: {
        WEB_DIST: webApp(),
        UPSTREAM_BE_URL: `http://127.0.0.1:${port}`,
      },
    });
    // Signed in by password alone (its codes would be in the other mock's outbox).
    const token = await signIn(s, 'customer@example.be');
    hold = true;
    const call = s.gateway.inject({
      url: '/api/user',
      headers: browserHeaders(s),
      cookies: { access_token: token },
    });
    await arrival;
    const during = (await s.gateway.management.inject({ url: '/metrics' })).body;
    expect(during).toContain('portal_http_requests_in_flight{variant="be"} 1');
    expect(during).toContain('portal_http_requests_in_flight{variant="lu"} 0');
    release();
    expect((await call).statusCode).toBe(200);
    const after = (await s.gateway.management.inject({ url: '/metrics' })).body;
    expect(after).toContain('portal_http_requests_in_flight{variant="be"} 0');

    // A client that leaves while its answer is being made is no longer in flight
    // (a load balancer's timeout, a closed tab: the gauge must come back to 0).
    const address = await s.gateway.listen({ port: 0, host: '127.0.0.1' });
    const { hostname, port: gatewayPort } = new URL(address);
    const arrivedAgain = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const leaving = httpRequest({
      host: hostname,
      port: gatewayPort,
      path: '/api/user',
      headers: { ...browserHeaders(s), host: 'be.localhost:3000', cookie: `access_token=${token}` },
    });
    leaving.on('error', () => {});
    leaving.end();
    await arrivedAgain;
    leaving.destroy();
    const inFlight = async () =>
      (await s.gateway.management.inject({ url: '/metrics' })).body.match(
        /portal_http_requests_in_flight\{variant="be"\} (\d+)/,
      )?.[1];
    await expect.poll(inFlight).toBe('0');
    release();
  });
});
