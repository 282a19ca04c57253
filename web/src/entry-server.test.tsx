// @vitest-environment node

import { readFileSync } from 'node:fs';
import type { PortalConfig, User } from '@portal/contract';
import { assemblePage, type DrawnPage } from '@portal/gateway/render/assemble';
import { describe, expect, it } from 'vitest';
import { ENTRY_PAGES } from './entry-pages';
import { render, renderSignedIn } from './entry-server';
import { signedInAs } from './test/session';
import { withRealStack } from './test/stack';

/*
 * The server's drawing of a signed-in page (docs/decisions/0005-server-rendered-entry-pages.md):
 * for whom the gateway draws the dashboard, and that nothing of one visitor is
 * left for the next page it draws.
 */

const stack = withRealStack();

async function read<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { 'x-device-id': stack().deviceId } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const configOf = () => read<PortalConfig>('/api/config');
const userOf = async (username: string) => {
  await signedInAs(stack(), username);
  return (await read<{ data: User }>('/api/user')).data;
};

describe('the signed-in dashboard drawn on the server', () => {
  it("is drawn in the account's language, with its user in the page's data", async () => {
    const config = await configOf();
    const page = await renderSignedIn(
      '/user/dashboard',
      config,
      await userOf('employee@example.be'),
    );
    expect(page?.lang).toBe('nl');
    expect(page?.title).toMatch(/^Dashboard/);
    expect(page?.html).toContain('Welkom, Emma');
    expect(JSON.parse(page?.data ?? '{}').user.firstname).toBe('Emma');
    // The next visitor's page holds nothing of hers.
    const next = await render('/login/email', config, 'en');
    expect(next.html).not.toContain('Emma');
    expect(JSON.parse(next.data).user).toBeUndefined();
  });

  it('is left to the browser where the route guard would not show it to this user', async () => {
    const config = await configOf();
    // A weak password first replaces it; a forced second factor is set up first.
    for (const username of ['weak@example.be', 'forced@example.be']) {
      expect(
        await renderSignedIn('/user/dashboard', config, await userOf(username)),
        username,
      ).toBe(null);
    }
  });

  it('is left to the browser for any other page, and for an address with a query', async () => {
    const config = await configOf();
    const user = await userOf('employee@example.be');
    for (const location of ['/profile', '/user/dashboard?redirect_uri=https%3A%2F%2Fexample.org']) {
      expect(await renderSignedIn(location, config, user), location).toBe(null);
    }
  });
});

/*
 * Issue 36, item 3: what a person typed, or put in an address, is text in the
 * drawn page and nowhere else, whatever it holds: the patterns of
 * `String.prototype.replace` (`` $` `` is everything before the match, `$'`
 * everything after), an end of script element, a comment's start, U+2028.
 */
describe('user data and queries in a drawn page', () => {
  const TEMPLATE = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const HOSTILE = "Eve$`$'$&$$</script><!--\u2028\u2029end";
  const DATA_BLOCK = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/;

  /** The page as the gateway sends it, and what each check a browser would make finds. */
  const assembled = (page: DrawnPage) => {
    const html = assemblePage(TEMPLATE, page, '');
    const data = DATA_BLOCK.exec(html)?.[1] ?? '';
    return { html, data, outside: html.replace(data, '') };
  };

  const expectInert = (page: DrawnPage, where: string) => {
    const { html, data, outside } = assembled(page);
    // One document: the template once, the page's markup and data as drawn.
    expect(html.match(/<!doctype html>/gi), where).toHaveLength(1);
    expect(html.match(/<\/html>/g), where).toHaveLength(1);
    expect(html.trimEnd().endsWith('</html>'), where).toBe(true);
    expect(html, where).toContain(page.html);
    expect(data, where).toBe(page.data);
    // The data block parses, and nothing in it can end it early.
    expect(() => JSON.parse(data), where).not.toThrow();
    expect(data, where).not.toMatch(/[<\u2028\u2029]/);
    // No hostile text outside React's escaping: no element or comment it could open.
    expect(outside, where).not.toContain('</script><!--');
    return JSON.parse(data) as { user?: User };
  };

  it('stays text in every entry page, whatever the query holds', async () => {
    const config = await configOf();
    for (const path of ENTRY_PAGES) {
      for (const query of [
        `?x=${HOSTILE}`,
        `?target=${encodeURIComponent(HOSTILE)}&login_hint=${encodeURIComponent(HOSTILE)}`,
      ]) {
        expectInert(await render(`${path}${query}`, config, 'en'), `${path}${query}`);
      }
    }
  });

  it("stays text in the signed-in dashboard, in every field of the user's profile", async () => {
    const config = await configOf();
    await signedInAs(stack(), 'employee@example.be');
    const changed = await fetch('/api/user', {
      method: 'PATCH',
      headers: { 'x-device-id': stack().deviceId, 'content-type': 'application/json' },
      body: JSON.stringify({ firstname: HOSTILE, lastname: `${HOSTILE} Last` }),
    });
    expect(changed.status).toBe(200);
    const user = (await read<{ data: User }>('/api/user')).data;
    expect(user.firstname).toBe(HOSTILE);
    const page = await renderSignedIn('/user/dashboard', config, user);
    expect(page).not.toBe(null);
    if (!page) return;
    const data = expectInert(page, '/user/dashboard');
    expect(data.user?.firstname).toBe(HOSTILE);
    expect(data.user?.lastname).toBe(`${HOSTILE} Last`);
    // The greeting holds the name as text, escaped by React.
    expect(page.html).toContain('Eve$`$&#x27;$&amp;$$&lt;/script&gt;&lt;!--');
  });
});

/*
 * A render's own state (issue 40, item 4: no render queue): its query client,
 * its i18next instance and its variant's config. Renders in different
 * languages and variants run at once, in one thread, each in its own.
 */
describe('renders at the same time', () => {
  const DATA_BLOCK = /"locale":"([^"]+)"/;

  it('each come out in their own language, texts and variant', async () => {
    const be = await configOf();
    const lu: PortalConfig = {
      ...be,
      variant: 'lu',
      languages: ['fr_LU', 'en_LU', 'de_LU'],
      defaultLanguage: 'fr_LU',
      fallbackLanguage: 'fr_LU',
    };
    const asked = [
      { config: be, locale: 'nl', lang: 'nl', submit: 'Aanmelden' },
      { config: be, locale: 'fr', lang: 'fr', submit: 'Se connecter' },
      { config: lu, locale: 'en_LU', lang: 'en-LU', submit: 'Log in' },
      { config: be, locale: 'en', lang: 'en', submit: 'Log in' },
      { config: lu, locale: 'fr_LU', lang: 'fr-LU', submit: 'Se connecter' },
    ] as const;
    for (let round = 0; round < 3; round++) {
      const pages = await Promise.all(
        asked.map(({ config, locale }) => render('/login/email', config, locale)),
      );
      pages.forEach((page, i) => {
        const { config, locale, lang, submit } = asked[i] ?? asked[0];
        expect(page.lang, locale).toBe(lang);
        expect(page.html, locale).toContain(`>${submit}</button>`);
        expect(DATA_BLOCK.exec(page.data)?.[1], locale).toBe(locale);
        const data = JSON.parse(page.data) as { config: PortalConfig; texts: object };
        expect(data.config.variant, locale).toBe(config.variant);
        // Its texts are its language's: the words drawn are those the browser hydrates with.
        expect(JSON.stringify(data.texts), locale).toContain(`"submit":"${submit}"`);
      });
    }
  });
});
