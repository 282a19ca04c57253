import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserHeaders, signIn, type TestStack, testStack } from '../test-helpers';

/*
 * Issue 37, item 4: drawn pages do not starve the API. The server bundle runs
 * in render threads (render/pool.ts); a page that finds them saturated or
 * slow is answered with the app's shell instead of waiting.
 */

/**
 * A built web app whose server bundle spends `busyMs` of CPU on each page it
 * draws, synchronously, as a large React render does.
 */
function webAppDrawingFor(busyMs: number): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-render-'));
  mkdirSync(join(root, 'ssr'));
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Account</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(root, 'ssr', 'entry-server.mjs'),
    [
      "export const ENTRY_PAGES = ['/login/email'];",
      "export const SIGNED_IN_PAGES = ['/user/dashboard'];",
      'export const PAGE_SOURCES = {};',
      "export const localeFor = () => 'en';",
      `const busy = () => { const end = Date.now() + ${busyMs}; while (Date.now() < end); };`,
      'export const render = async (location) => { busy();',
      "  return { lang: 'en', title: 'Sign in', html: '<main><h1>Sign in</h1></main>', data: '{}' }; };",
      'export const renderSignedIn = async (location, config, user) => { busy();',
      "  return { lang: 'en', title: 'Dashboard', html: '<main><h1>Welcome, ' + user.firstname + '</h1></main>', data: '{}' }; };",
    ].join('\n'),
  );
  return root;
}

const metricsOf = async (s: TestStack) =>
  (await s.gateway.management.inject({ url: '/metrics' })).body;

describe('pages drawn off the event loop', () => {
  it('leave /api/user answering while a dashboard takes 700 ms of CPU to draw', async () => {
    const s = await testStack({ config: { WEB_DIST: webAppDrawingFor(700), RENDER_THREADS: 1 } });
    const cookies = { access_token: await signIn(s) };
    const headers = browserHeaders(s);
    // The render thread is ready: a first page drawn (its bundle loaded). On a loaded
    // machine that first draw may miss the page's second and send the app's shell:
    // either way the thread has the bundle.
    const first = await s.gateway.inject({ url: '/user/dashboard', headers, cookies });
    expect(first.statusCode).toBe(200);
    let done = false;
    const page = s.gateway.inject({ url: '/user/dashboard', headers, cookies }).finally(() => {
      done = true;
    });
    // One call after the other for as long as the dashboard is being drawn: none waits for it.
    const waits: number[] = [];
    while (!done) {
      const started = performance.now();
      const user = await s.gateway.inject({ url: '/api/user', headers, cookies });
      waits.push(performance.now() - started);
      expect(user.statusCode).toBe(200);
    }
    // Drawn, or (a loaded machine) the shell after the page's second while the thread
    // goes on drawing: the calls above ran all through it.
    expect((await page).statusCode).toBe(200);
    // On the event loop, the render held every call for its 700 ms: two calls in all.
    expect(waits.length).toBeGreaterThanOrEqual(10);
    const sorted = [...waits].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)]).toBeLessThan(300);
  });

  it("answer the app's shell at once when the render queue is full, and after the wait when slow", async () => {
    const s = await testStack({ config: { WEB_DIST: webAppDrawingFor(150), RENDER_THREADS: 1 } });
    // Warm: the thread has loaded the bundle.
    expect((await s.gateway.inject({ url: '/login/email' })).body).toContain('<h1>Sign in</h1>');
    const started = performance.now();
    // Each with a query: drawn for its visit, never from the cache.
    const pages = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        s.gateway.inject({ url: `/login/email?target=%2Fp${i}` }),
      ),
    );
    const took = performance.now() - started;
    for (const page of pages) expect(page.statusCode).toBe(200);
    const drawn = pages.filter((p) => p.body.includes('<h1>Sign in</h1>')).length;
    const shell = pages.filter((p) => p.body.includes('<div id="root"></div>')).length;
    expect(drawn + shell).toBe(60);
    // One thread at 150 ms a page: a handful drawn within the second each may wait.
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(15);
    // Drawn one after the other, the 60 would have taken 9 s.
    expect(took).toBeLessThan(4000);
    const metrics = await metricsOf(s);
    expect(metrics).toMatch(/portal_render_fallbacks_total\{reason="saturated"\} [1-9]/);
    expect(metrics).toMatch(/portal_render_fallbacks_total\{reason="late"\} [1-9]/);
    expect(metrics).toContain('portal_render_threads 1');
  });
});
