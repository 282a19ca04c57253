import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { standInBuild } from '../render/stand-in-build';
import { browserHeaders, lastCode, signIn, type TestStack, testStack } from '../test-helpers';

/*
 * `/setup-mfa` as a plain HTML form (docs/flows.md, "Forced MFA on the
 * gateway"): drawn from the setup's flow for the signed-in user, each step
 * posted as a form and answered 303 on, or the page again with the refusal
 * at its field. The server bundle is a stand-in that writes what it is given.
 */

/** A server bundle as the web build makes it: the page writes the setup it is drawn with. */
const root = standInBuild('drawn-forced', [
  'export const ENTRY_PAGES = [];',
  "export const SIGNED_IN_PAGES = ['/user/dashboard'];",
  "export const AFTER_SIGN_IN_PAGES = ['/setup-mfa'];",
  'export const PAGE_SOURCES = {};',
  "export const localeFor = () => 'en';",
  'export const render = async () => null;',
  'export const renderSignedIn = async (location, config, user, extras) =>',
  "  ({ lang: 'en', title: 'Setup', data: '{}', html: '<main><p>' + location + '</p><pre>' +",
  "    JSON.stringify((extras && extras.forcedMfa) || null) + '</pre></main>' });",
]);

/** The drawn page's `forcedMfa` extras. */
const drawnOf = (page: LightMyRequestResponse) =>
  JSON.parse((/<pre>(.*)<\/pre>/.exec(page.body)?.[1] ?? 'null').replaceAll('&quot;', '"')) as {
    view: { step: string; kind: string | null; sentTo: string | null } | null;
    form?: { refusal: { code: string; field?: string } };
  } | null;

/** A signed-in browser on `/setup-mfa`: its cookies kept, its forms posted from the page. */
async function browser(s: TestStack, username: string) {
  const jar = new Map([['access_token', await signIn(s, username)]]);
  const keep = (res: LightMyRequestResponse) => {
    for (const c of res.cookies) {
      if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  const cookies = () => Object.fromEntries(jar);
  return {
    jar,
    get: async (url = '/setup-mfa') =>
      keep(await s.gateway.inject({ url, headers: browserHeaders(s), cookies: cookies() })),
    post: async (fields: Record<string, string>, site = 'same-origin') =>
      keep(
        await s.gateway.inject({
          method: 'POST',
          url: '/setup-mfa',
          headers: {
            host: 'be.localhost:3000',
            origin: 'null',
            'sec-fetch-site': site,
            'content-type': 'application/x-www-form-urlencoded',
            cookie: `device=${s.deviceCookie}; ${[...jar].map(([k, v]) => `${k}=${v}`).join('; ')}`,
          },
          payload: new URLSearchParams(fields).toString(),
        }),
      ),
  };
}

describe('/setup-mfa, a form that works without script', () => {
  it('walks the setup as forms: each step 303 back to the page, a wrong code at its field, then the target', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const b = await browser(s, 'forced@example.be');

    // The sign-in's address starts the setup: its target into the flow, the address without it.
    const start = await b.get('/setup-mfa?redirect=%2Fsecurity');
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe('/setup-mfa');
    expect(b.jar.has('flow')).toBe(true);
    const intro = await b.get();
    expect(intro.statusCode).toBe(200);
    expect(intro.headers['cache-control']).toBe('no-store');
    expect(drawnOf(intro)?.view).toMatchObject({ step: 'intro' });

    for (const step of ['begin', 'send']) {
      const moved = await b.post({ step });
      expect(moved.statusCode).toBe(303);
      expect(moved.headers.location).toBe('/setup-mfa');
    }
    expect(drawnOf(await b.get())?.view).toMatchObject({
      step: 'code',
      kind: 'email',
      sentTo: 'forced@example.be',
    });

    const wrong = await b.post({ step: 'code', code: '00000000' });
    expect(wrong.statusCode).toBe(400);
    expect(drawnOf(wrong)).toMatchObject({
      view: { step: 'code' },
      form: { refusal: { code: 'invalid_code', field: 'code' } },
    });
    // Never the code in the page.
    expect(wrong.body).not.toContain('00000000');

    // "Send a new code" is the code form's own button.
    expect((await b.post({ step: 'code', code: '', resend: '1' })).statusCode).toBe(303);
    await b.post({ step: 'code', code: lastCode(s, 'forced@example.be') });
    expect(drawnOf(await b.get())?.view).toMatchObject({ step: 'contact', kind: 'sms' });
    await b.post({ step: 'send' });
    await b.post({ step: 'code', code: lastCode(s, '+32470000004') });
    expect(drawnOf(await b.get())?.view).toMatchObject({ step: 'done' });

    const end = await b.post({ step: 'finish' });
    expect(end.statusCode).toBe(303);
    expect(end.headers.location).toBe('/security');
    expect(b.jar.has('flow')).toBe(false);
    // Sent again (back, then the form once more): the setup is over, said on the page.
    const replay = await b.post({ step: 'finish' });
    expect(replay.statusCode).toBe(410);
    expect(drawnOf(replay)).toMatchObject({ view: null, form: { refusal: { code: 'flow_gone' } } });
  });

  it('draws the page of the step the setup is at for a step posted out of order', async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const b = await browser(s, 'forced@example.be');
    await b.get('/setup-mfa?redirect=%2Fprofile');
    const early = await b.post({ step: 'finish' });
    expect(early.statusCode).toBe(409);
    expect(drawnOf(early)).toMatchObject({
      view: { step: 'intro' },
      form: { refusal: { code: 'flow_step' } },
    });
    // A forced user has no "Skip".
    expect((await b.post({ step: 'skip' })).statusCode).toBe(409);
  });

  it("refuses another site's form and a form naming no step, and sends a form without a session to the sign-in", async () => {
    const s = await testStack({ config: { WEB_DIST: root } });
    const b = await browser(s, 'forced@example.be');
    await b.get('/setup-mfa');
    const forged = await b.post({ step: 'begin' }, 'cross-site');
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('Nothing was done.');
    const nameless = await b.post({ step: 'everything' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.body).toContain('names no step');
    b.jar.delete('access_token');
    const signedOut = await b.post({ step: 'begin' });
    expect(signedOut.statusCode).toBe(303);
    expect(signedOut.headers.location).toBe('/login/email');
  });
});
