import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { PAGE_SOURCES } from '../../../web/src/entry-pages';
import { de, en, fr, nl } from '../../../web/src/i18n/locales/index';
import { luWording } from '../../../web/src/i18n/locales/lu';
import { nationalNumber } from '../../fixtures/accounts';
import { chooseLanguage } from '../../fixtures/language';
import { type Account, DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { appTookOver } from '../../fixtures/portal';
import { BE_URL, LU_URL, PORTS } from '../../playwright.config';

/*
 * The entry pages arrive drawn by the server (docs/decisions/0005-server-rendered-entry-pages.md):
 * the HTML alone holds the page in the visitor's variant and language, and
 * the script takes it over without drawing it again.
 */

const PAGES = {
  '/login/email': 'login_email',
  '/login/phone': 'login_phone',
  '/forgot-password/email': 'forgot-password_email',
  '/forgot-password/phone': 'forgot-password_phone',
  '/forgot-username': 'forgot-username',
  '/onboarding': 'onboarding',
  '/maintenance': 'maintenance',
} as const;

type Texts = { common: { app: { name: string } }; titles: { pages: Record<string, string> } };
const LU = (base: Texts, over: 'en' | 'fr' | 'de') => ({
  common: { app: { ...base.common.app, ...luWording[over].common?.app } },
  titles: { pages: { ...base.titles.pages, ...luWording[over].titles?.pages } },
});

/** Each variant's languages: the Accept-Language a browser sends, the `<html lang>` and texts it gets. */
const VARIANTS = [
  {
    region: 'be',
    base: BE_URL,
    languages: [
      { accept: 'en-GB,en;q=0.9', lang: 'en', texts: en as Texts },
      { accept: 'fr-BE,fr;q=0.9', lang: 'fr', texts: fr as Texts },
      { accept: 'nl-BE,nl;q=0.9', lang: 'nl', texts: nl as Texts },
    ],
  },
  {
    region: 'lu',
    base: LU_URL,
    languages: [
      { accept: 'fr-LU,fr;q=0.9', lang: 'fr-LU', texts: LU(fr as Texts, 'fr') },
      { accept: 'en-US,en;q=0.9', lang: 'en-LU', texts: LU(en as Texts, 'en') },
      { accept: 'de-LU,de;q=0.9', lang: 'de-LU', texts: LU(de as Texts, 'de') },
    ],
  },
] as const;

/** A GET of the gateway as a browser of `host` would send it (Node does not resolve `*.localhost`). */
function fetchPage(host: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: PORTS.gateway, path, headers: { host, ...headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/** Fails the test on any error React or the browser reports (a hydration mismatch is one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // An answer the page expects (the sign-in's 401 asking for MFA) is not the page's fault.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const variant of VARIANTS) {
  for (const language of variant.languages) {
    test(`${variant.region} ${language.lang}: every entry page arrives drawn, with its labelled form`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const host = new URL(variant.base).host;
      // No script at all: what a person sees before it arrives, and what a crawler reads.
      const context = await browser.newContext({
        javaScriptEnabled: false,
        // The browser's languages, which it sends as Accept-Language.
        locale: language.accept.split(',')[0],
      });
      const page = await context.newPage();
      for (const [path, key] of Object.entries(PAGES)) {
        const raw = await fetchPage(host, path, { 'accept-language': language.accept });
        expect(raw.status, path).toBe(200);
        expect(raw.body, path).toContain('<script type="application/json" id="page-data">');

        await page.goto(`${variant.base}${path}`);
        await expect(page.locator('html'), path).toHaveAttribute('lang', language.lang);
        const title = `${language.texts.titles.pages[key]} – ${language.texts.common.app.name}`;
        await expect(page, path).toHaveTitle(title);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        if (path === '/maintenance') continue;
        await expect(
          page.getByRole('link', { name: language.texts.common.app.name }),
        ).toBeVisible();
        // The language choice, as links, with the current language marked.
        const current = page.getByRole('banner').locator('a[aria-current="true"]');
        await expect(current, path).toHaveAttribute('lang', language.lang.slice(0, 2));
        // The form: every field named by its label, in this language.
        const form = page.getByRole('main').locator('form');
        const labels = form.locator('label[for]');
        expect(await labels.count(), path).toBeGreaterThan(0);
        for (const label of await labels.all()) {
          const text = ((await label.textContent()) ?? '').trim();
          expect(text, path).toMatch(/\p{L}/u);
          const field = form.locator(`[id="${await label.getAttribute('for')}"]`);
          await expect(field, `${path} ${text}`).toHaveAccessibleName(
            new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
          );
        }
        for (const box of await form.getByRole('textbox').all()) {
          await expect(box, path).toHaveAccessibleName(/\p{L}/u);
        }
      }
      await context.close();
    });
  }
}

test('the language links work before any script: the choice is remembered in a cookie', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/login/email');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await chooseLanguage(page, 'Nederlands');
  await expect(page).toHaveURL(/\/login\/email$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { name: 'Meld je aan bij je account' })).toBeVisible();
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie).toMatchObject({ value: 'nl', httpOnly: false, sameSite: 'Lax', path: '/' });
  // About a year.
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
  // The next page comes in that language too, whatever the browser asks for.
  await page.goto('/forgot-username');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await context.close();
});

test('a visitor without a session is sent to the sign-in by the server, not by the script', async () => {
  const host = new URL(BE_URL).host;
  for (const path of ['/', '/login', '/login?target=%2Fprofile']) {
    const res = await fetchPage(host, path);
    expect(res.status, path).toBe(302);
    expect(res.headers.location, path).toBe(
      path.includes('?') ? '/login/email?target=%2Fprofile' : '/login/email',
    );
  }
});

/** Holds the entry script until `release()`: the drawn page is all the visitor has until then. */
async function holdScript(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('what is typed before the script arrives is kept, and signs in', async ({
  page,
  request,
  account,
}) => {
  const emma = await account();
  const errors = watchErrors(page);
  // The entry script waits until the person has typed into the drawn form.
  const release = await holdScript(page);
  // Not `domcontentloaded`: that waits for the (held) module script.
  await page.goto('/login/email', { waitUntil: 'commit' });
  await page.getByLabel('E-mail address').fill(emma.login);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  release();
  // Hydrated: the password toggle now answers.
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(async () => {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true', { timeout: 200 });
  }).toPass();
  await expect(page.getByLabel('E-mail address')).toHaveValue(emma.login);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // Emma's account has MFA: straight to the e-mail code, its primary method;
  // a complete code goes by itself.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, emma.email));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  expect(errors).toEqual([]);
});

/** Every drawn form, sent before the script arrives, and what the person then sees. */
const EARLY_FORMS = [
  {
    path: '/login/email',
    fill: async (page: Page, emma: Account) => {
      await page.getByLabel('E-mail address').fill(emma.login);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
    },
    shows: 'Check your e-mail',
  },
  {
    path: '/login/phone',
    fill: async (page: Page) => {
      await page.getByRole('textbox', { name: 'Phone number' }).fill('12');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
    },
    // The number typed before the script is the one checked.
    shows: 'The phone number provided is invalid.',
  },
  {
    path: '/forgot-password/email',
    fill: async (page: Page, emma: Account) => {
      await page.getByLabel('E-mail address').fill(emma.login);
      await page.getByRole('button', { name: 'Send me a code' }).click();
    },
    shows: 'Check your messages',
  },
  {
    path: '/forgot-password/phone',
    fill: async (page: Page, emma: Account) => {
      await page.getByRole('textbox', { name: 'Phone number' }).fill(nationalNumber(emma.phone));
      await page.getByRole('button', { name: 'Send me a code' }).click();
    },
    // The number typed before the script is the one sent.
    shows: 'Check your messages',
  },
  {
    path: '/forgot-username',
    fill: async (page: Page, emma: Account) => {
      await page.getByLabel('Card number', { exact: true }).fill(emma.cards[0] ?? '');
      await page.getByRole('button', { name: 'Find my username' }).click();
    },
    shows: 'These usernames belong to your account:',
  },
];

for (const form of EARLY_FORMS) {
  test(`${form.path}: sent before the script arrives, it is the plain form, answered by the gateway`, async ({
    page,
    account,
  }) => {
    const emma = await account();
    const errors = watchErrors(page);
    // The script never arrives: the page is the server's HTML alone, and so is the next one.
    await page.route(/\/assets\/index-[\w-]+\.js$/, () => new Promise(() => {}));
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto(form.path, { waitUntil: 'commit' });
    await form.fill(page, emma);
    // Posted to the gateway once (post/redirect/get): nothing held, nothing typed in the address.
    await expect(page.getByText(form.shows).first()).toBeVisible();
    expect(posts).toEqual([form.path]);
    expect(page.url()).not.toContain('employee');
    expect(page.url()).not.toContain(DEMO_PASSWORD);
    expect(errors).toEqual([]);
  });

  test(`${form.path}: typed before the script arrives, sent once it is there, as typed`, async ({
    page,
    account,
  }) => {
    test.setTimeout(45_000);
    const emma = await account();
    const errors = watchErrors(page);
    const release = await holdScript(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(new URL(r.url()).pathname);
    });
    await page.goto(form.path, { waitUntil: 'commit' });
    // Only the typing before the script: the form's own sending is kept for after it.
    await page.evaluate(() => {
      document.addEventListener('submit', (e) => e.preventDefault(), { capture: true, once: true });
    });
    await form.fill(page, emma);
    // A slow phone (8× slower CPU): the typed text must survive a slow hydration.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    release();
    await appTookOver(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The app's own handler sends what the fields show, as JSON to the gateway.
    await page.locator('main form button[type="submit"]').first().click();
    await expect(page.getByText(form.shows).first()).toBeVisible({ timeout: 20_000 });
    expect(posts).not.toContain(form.path);
    expect(page.url()).not.toContain('employee');
    expect(errors).toEqual([]);
  });
}

test('a link in the page followed before the script arrives is a link: the gateway draws the next step', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => new Promise(() => {}));
  await page.goto('/onboarding', { waitUntil: 'commit' });
  await page.getByRole('link', { name: /With an invitation code/ }).click();
  await expect(page.getByRole('heading', { name: 'Enter your invitation code' })).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding\/code$/);
  expect(errors).toEqual([]);
});

test('"Show password" is drawn disabled, and works once the script is there', async ({ page }) => {
  const errors = watchErrors(page);
  const release = await holdScript(page);
  await page.goto('/login/email', { waitUntil: 'commit' });
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(DEMO_PASSWORD);
  // A button only the script makes work is never a dead one: disabled until then.
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toBeDisabled();
  release();
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue(DEMO_PASSWORD);
  expect(errors).toEqual([]);
});

test('a radio button chosen before the script arrives stays chosen, and is what is sent', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const release = await holdScript(page);
  await page.goto('/forgot-username', { waitUntil: 'commit' });
  const byNrn = page.getByRole('radio', { name: 'With my national register number' });
  await byNrn.check();
  release();
  // Hydrated with that choice: the field asks for the register number, not the card.
  const field = page.getByRole('textbox', { name: 'National register number' });
  await expect(field).toBeVisible();
  await expect(byNrn).toBeChecked();
  await field.fill('85.07.31-001.30');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByText('These usernames belong to your account:')).toBeVisible();
  expect(errors).toEqual([]);
});

test('each entry page arrives styled: its styles come in the HTML, allowed by the CSP', async ({
  page,
}) => {
  // Vite's manifest names each entry page's modules: none may go missing from it.
  const manifest = JSON.parse(
    readFileSync(new URL('../../../web/dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, unknown>;
  for (const sources of Object.values(PAGE_SOURCES)) {
    for (const source of sources) expect(Object.keys(manifest), source).toContain(source);
  }
  // Any style or script the CSP refuses is counted (the listener is not the page's own script).
  await page.addInitScript(() => {
    const w = window as unknown as { refused: string[] };
    w.refused = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.refused.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  // The script never arrives: what shows is the HTML alone, with no other file to wait for.
  await page.route(/\/assets\/index-[\w-]+\.js$/, () => new Promise(() => {}));
  await page.goto('/onboarding', { waitUntil: 'commit' });
  // The card step's list of the steps that follow, set apart by a rule.
  const next = page.locator('main .onboarding-next');
  await expect(next).toBeVisible();
  // The screen's own styles (its chunk's), not only the app's.
  await expect(next).toHaveCSS('border-top-style', 'solid');
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual(
    [],
  );
});

test('no hydration warning on any entry page, in either variant', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  for (const base of [BE_URL, LU_URL]) {
    for (const path of Object.keys(PAGES)) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
  }
  expect(errors).toEqual([]);
});

/** The HTML the gateway answers for `path` to this browser (its cookies), read from the page. */
function documentOf(page: Page, path: string) {
  return page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { accept: 'text/html' } });
    return { cache: res.headers.get('cache-control'), html: await res.text() };
  }, path);
}

test('the dashboard arrives drawn for the signed-in user, in their language, and the script takes it over', async ({
  page,
  login,
}) => {
  const errors = watchErrors(page);
  // Emma's account is in Dutch.
  await login('employee@example.be', { via: 'api' });
  // The page itself holds her dashboard, and no cache keeps it.
  const { cache, html } = await documentOf(page, '/user/dashboard');
  expect(cache).toBe('no-store');
  expect(html).toContain('<html lang="nl">');
  expect(html).toContain('Welkom, Emma');
  expect(html).toContain('Je diensten');

  // Drawn before its script: the welcome, the services and the header are there.
  const release = await holdScript(page);
  await page.goto('/user/dashboard', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Je diensten' })).toBeVisible();
  await expect(page).toHaveTitle(/^Dashboard/);
  release();
  // Taken over: the security checkup's answer arrives, and its link leads on in the app.
  await expect(page.getByRole('region', { name: 'Veiligheidscheck' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test("the header's account menu is drawn disabled, and opens once the script is there", async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login('employee@example.be', { via: 'api' });
  const release = await holdScript(page);
  await page.goto('/user/dashboard', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
  const menu = page.getByRole('button', { name: /^Account van / });
  await expect(menu).toBeDisabled();
  release();
  await menu.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Afmelden' })).toBeVisible();
});

test('a session the account API no longer knows gets the app, which sends the visitor to the sign-in', async ({
  page,
}) => {
  // A session cookie that leads to nobody (signed out elsewhere, expired, revoked).
  await page
    .context()
    .addCookies([
      { name: 'access_token', value: 'a'.repeat(40), url: BE_URL, httpOnly: true, sameSite: 'Lax' },
    ]);
  await page.goto('/healthz');
  const { html } = await documentOf(page, '/user/dashboard');
  expect(html).not.toContain('Emma');
  expect(html).not.toContain('id="page-data"');
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/login\/email\?target=%2Fuser%2Fdashboard$/);
});
