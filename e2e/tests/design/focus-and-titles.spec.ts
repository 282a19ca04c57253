import type { Page } from '@playwright/test';
import { rememberLanguageCookie } from '../../fixtures/language';
import { expect, test } from '../../fixtures/login';
import { appTookOver } from '../../fixtures/portal';
import { BE_URL, LU_URL } from '../../playwright.config';

/**
 * The one focus rule and the tab title (docs/journeys-signin.md, One focus
 * rule): after each route change the focus is where the page's work is, the
 * first field of a form page, otherwise the page's main heading (a screen
 * reader reads the new page's name, the keyboard goes on from its top), and
 * the tab title names the page and the product in the current language.
 */
async function expectPage(page: Page, title: string, on: 'heading' | 'field' = 'heading') {
  await expect(page).toHaveTitle(title);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el ? { tag: el.tagName, inMain: !!el.closest('main') } : null;
      }),
    )
    .toEqual({ tag: on === 'heading' ? 'H1' : 'INPUT', inMain: true });
  if (on === 'heading') {
    // The focused heading is the page's own, not the previous page's.
    await expect(page.locator('main h1')).toBeFocused();
  }
}

/** What has the focus: its tag, its id or name, and its visible outline. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    return {
      tag: el.tagName,
      name: el.getAttribute('name') ?? el.id,
      outline: getComputedStyle(el).outlineStyle,
    };
  });

for (const variant of [
  { name: 'Belgium', base: BE_URL, user: 'employee@example.be' },
  { name: 'Luxembourg', base: LU_URL, user: 'marie@example.lu' },
]) {
  test(`each route change focuses the page heading and titles the tab (${variant.name})`, async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    await rememberLanguageCookie(page, variant.base, 'en');
    await page.goto(`${variant.base}/login/email`);
    await expect(page).toHaveTitle('Log in – My Account');
    // A route change is the app's: a link followed before it has the drawn page is a page load.
    await appTookOver(page);

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPage(page, 'Forgotten password – My Account', 'field');
    await page.goBack();
    await expectPage(page, 'Log in – My Account', 'field');
    await page.getByRole('link', { name: 'Forgot your username?' }).click();
    await expectPage(page, 'Forgotten username – My Account', 'field');

    await login(variant.user, { via: 'api', origin: variant.base, language: 'en' });
    await page.goto(`${variant.base}/user/dashboard`);
    await expect(page).toHaveTitle('Dashboard – My Account');
    await appTookOver(page);
    const nav = page.getByRole('navigation', { name: 'Account menu' });
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expectPage(page, 'Profile – My Account');
    await nav.getByRole('link', { name: 'Security' }).click();
    await expectPage(page, 'Security – My Account');
    await nav.getByRole('link', { name: 'Access' }).click();
    await expectPage(page, 'Access – My Account');
    await page.goBack();
    await expectPage(page, 'Security – My Account');
  });
}

test('the title follows the language, with the LU locales on the LU variant', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const [base, language, title] of [
    [BE_URL, 'fr', 'Se connecter – Mon compte'],
    [BE_URL, 'nl', 'Aanmelden – Mijn account'],
    [LU_URL, 'de_LU', 'Anmelden – Mein Konto'],
    [LU_URL, 'fr_LU', 'Se connecter – Mon compte'],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    // A language chosen before: the cookie the switcher writes (two letters), which the server reads.
    await context.addCookies([{ name: 'lang', value: language.slice(0, 2), url: base }]);
    await page.goto(`${base}/login/email`);
    await expect(page).toHaveTitle(title);
    await context.close();
  }
});

test('focus on a route change: a form page’s first field, otherwise the heading without a ring', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  await page.goto('/login/email');
  // The first page: its form's first field, no ring around the heading.
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'username' });
  // A route change is the app's: a link followed before it has the drawn page is a page load.
  await appTookOver(page);
  await page.getByRole('link', { name: 'Forgot your username?' }).click();
  await expect(page).toHaveURL(/\/forgot-username$/);
  await expect.poll(() => focused(page).then((f) => f?.tag)).toBe('INPUT');

  await login(emma, { via: 'api' });
  await page.goto('/user/dashboard');
  await appTookOver(page);
  await page
    .getByRole('navigation', { name: /Account menu|Accountmenu/ })
    .getByRole('link')
    .nth(1)
    .click();
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', outline: 'none' });
});
