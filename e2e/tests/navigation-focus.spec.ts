import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/login';
import { BE_URL, LU_URL } from '../playwright.config';
import { inEnglish } from './account-helpers';

/**
 * Issue 15, item 4: after each route change the page's main heading has the
 * focus (a screen reader reads the new page's name, the keyboard goes on from
 * its top) and the tab title names the page and the product in the current
 * language.
 */
async function expectPage(page: Page, title: string) {
  await expect(page).toHaveTitle(title);
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el ? { tag: el.tagName, inMain: !!el.closest('main') } : null;
      }),
    )
    .toEqual({ tag: 'H1', inMain: true });
  // The focused heading is the page's own, not the previous page's.
  const heading = page.locator('main h1');
  await expect(heading).toBeFocused();
}

for (const variant of [
  { name: 'Belgium', base: BE_URL, user: 'employee@example.be' },
  { name: 'Luxembourg', base: LU_URL, user: 'marie@example.lu' },
]) {
  test(`each route change focuses the page heading and titles the tab (${variant.name})`, async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${variant.base}/login/email`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await expect(page).toHaveTitle('Log in – My Account');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPage(page, 'Forgotten password – My Account');
    await page.goBack();
    await expectPage(page, 'Log in – My Account');
    await page.getByRole('link', { name: 'Forgot your username?' }).click();
    await expectPage(page, 'Forgotten username – My Account');

    await login(variant.user, { via: 'api', origin: variant.base });
    await inEnglish(page);
    await page.goto(`${variant.base}/user/dashboard`);
    await expect(page).toHaveTitle('Dashboard – My Account');
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
    await page.addInitScript((l) => localStorage.setItem('language', l), language);
    await page.goto(`${base}/login/email`);
    await expect(page).toHaveTitle(title);
    await context.close();
  }
});
