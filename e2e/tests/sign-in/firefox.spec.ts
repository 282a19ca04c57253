import { launch, type Page } from 'puppeteer-core';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { BE_URL } from '../../playwright.config';

/**
 * The sign-in journey in a second engine: Debian's Firefox ESR, which
 * Playwright cannot drive, through puppeteer-core over WebDriver BiDi,
 * against the stack this suite started (docs/journeys-signin.md). The
 * password, the primary method's code (from the mock's outbox), the
 * dashboard, and that dashboard again as the server draws it.
 */

const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Firefox ESR, headless, on this closed network; `prefs` added to its own (JavaScript off…). */
const firefox = (prefs: Record<string, unknown> = {}) =>
  launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      // be.localhost is this machine; no background connections on a closed network.
      'network.dns.localDomains': 'be.localhost',
      'app.update.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'intl.accept_languages': 'en',
      ...prefs,
    },
  });

/**
 * Waits until `check` holds in the page. Not `waitForFunction`: its poller is
 * built with `Function()` in the page, which the portal's CSP refuses (as it
 * should); `evaluate` goes through WebDriver BiDi's own call, outside the CSP.
 */
async function until(page: Page, check: () => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await page.evaluate(check)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not reached in ${timeoutMs} ms: ${check}`);
}

test('Firefox ESR: e-mail and password, the code from the outbox, the dashboard', async ({
  request,
  account,
}) => {
  const emma = await account();
  test.setTimeout(120_000);
  const browser = await firefox();
  try {
    const page = await browser.newPage();
    await page.goto(`${BE_URL}/login/email`, { waitUntil: 'load' });
    await page.waitForSelector('#login-username');
    // The sign-in page's job is a form: the cursor is in its first field.
    await until(page, () => document.activeElement?.id === 'login-username');
    await page.type('#login-username', emma.login);
    await page.type('#login-password', DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    // Straight to the primary method's code, the cursor in its field.
    await until(page, () => location.pathname === '/mfa');
    await until(page, () => (document.activeElement as HTMLInputElement | null)?.name === 'code');
    const code = await outboxCode(request, emma.email);
    expect(code).toMatch(/^\d{8}$/);
    // A complete code is sent by itself.
    await page.keyboard.type(code);

    await until(page, () => location.pathname === '/user/dashboard');
    // The address changes first; the code screen stays until the dashboard's code is there.
    await until(page, () => /Emma/.test(document.querySelector('main h1')?.textContent ?? ''));

    // Opened again, in a tab of its own: the dashboard arrives drawn by the server, and the
    // app takes it over (the security checkup's answer comes once it has) without an error or
    // a warning. A new tab, not a reload: what the first tab was still loading when it is left
    // (a lazy module) is reported by Firefox as a failed import, an error of the page being
    // left and not of the page under test; listening on a tab of its own hears only that page.
    const drawn = await browser.newPage();
    const errors: string[] = [];
    drawn.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warn') errors.push(message.text());
    });
    drawn.on('pageerror', (error) => errors.push(String(error)));
    await page.close();
    await drawn.goto(`${BE_URL}/user/dashboard`, { waitUntil: 'load' });
    await until(drawn, () => document.getElementById('page-data') !== null);
    await until(drawn, () => /Emma/.test(document.querySelector('main h1')?.textContent ?? ''));
    await until(
      drawn,
      () => document.querySelector('section.checkup')?.getAttribute('aria-busy') === 'false',
    );
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test('Firefox ESR with JavaScript off: the drawn forms sign in, code and all, to the drawn dashboard', async ({
  request,
  account,
}) => {
  const emma = await account();
  test.setTimeout(120_000);
  // The page's scripts are off; the test still reads the page through WebDriver BiDi.
  const browser = await firefox({ 'javascript.enabled': false });
  try {
    const page = await browser.newPage();
    await page.goto(`${BE_URL}/login/email`, { waitUntil: 'load' });
    // No script ran: "Show password", the script's, stays as drawn (disabled).
    expect(await page.$eval('.password-toggle', (b) => (b as HTMLButtonElement).disabled)).toBe(
      true,
    );
    await page.type('#login-username', emma.login);
    await page.type('#login-password', DEMO_PASSWORD);
    // The browser's own submit: the gateway answers the form 303 to the code's page.
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe('/mfa');
    const code = await outboxCode(request, emma.email);
    await page.type('input[name="code"]', code);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe('/user/dashboard');
    expect(await page.$eval('main h1', (h1) => h1.textContent)).toContain('Emma');
  } finally {
    await browser.close();
  }
});

test('Firefox ESR with JavaScript off: an account that must set up a second factor is held to the setup', async ({
  account,
}) => {
  const finn = await account('forced@example.be', { mfa: [], mfaForced: true, language: 'en' });
  test.setTimeout(120_000);
  const browser = await firefox({ 'javascript.enabled': false });
  try {
    const page = await browser.newPage();
    await page.goto(`${BE_URL}/login/email`, { waitUntil: 'load' });
    await page.type('#login-username', finn.login);
    await page.type('#login-password', DEMO_PASSWORD);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).toBe('/setup-mfa');
    // An account page typed in the address bar: the gateway sends it back to the setup.
    await page.goto(`${BE_URL}/security`, { waitUntil: 'load' });
    const at = new URL(page.url());
    expect(at.pathname).toBe('/setup-mfa');
    expect(await page.$eval('main h1', (h) => h.textContent)).toBe('Protect your account');
  } finally {
    await browser.close();
  }
});
