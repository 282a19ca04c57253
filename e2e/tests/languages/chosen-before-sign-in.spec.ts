import type { Page } from '@playwright/test';
import { chooseLanguage } from '../../fixtures/language';
import { expect, test } from '../../fixtures/login';
import { portalCall } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { BE_URL } from '../../playwright.config';

/**
 * The language chosen before signing in (docs/journeys-signin.md): a choice
 * made during this visit stays through the sign-in and is offered once for
 * the account; an old cookie of a past visit is no choice, the account's
 * language applies. employee@example.be's account is in Dutch.
 */

const review = reviewer('language');

/** A past visit left its language in the cookie the server reads. */
const pastVisitIn = (page: Page, language: string) =>
  page.context().addCookies([{ name: 'lang', value: language, url: BE_URL }]);

const offerIn = (page: Page) => page.getByRole('region', { name: /^You chose English\./ });

const accountLanguage = async (page: Page) => {
  const res = await portalCall(page, '/api/user');
  expect(res.status).toBe(200);
  return (res.body as { data: { language: string } }).data.language;
};

test('English picked on the sign-in page stays through the sign-in; "Use English" saves it to the account', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  await pastVisitIn(page, 'fr');
  await page.goto('/login/email');
  await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();

  await login(emma);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // The dashboard in the language chosen, not the account's Dutch.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const offer = offerIn(page);
  await expect(offer).toHaveText(
    'You chose English. Use English for your account from now on?Use EnglishKeep Nederlands',
  );
  // Each language named in its own language, marked as such for screen readers.
  await expect(
    offer.getByRole('button', { name: 'Keep Nederlands' }).locator('[lang]'),
  ).toHaveAttribute('lang', 'nl');
  await review(page, 'dashboard with the offer (en)');

  await offer.getByRole('button', { name: 'Use English' }).click();
  await expect(page.getByText('Your account now uses English.')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await accountLanguage(page)).toBe('en');

  // A later visit (a new tab, no choice in it): the account's language, now English, no offer.
  const later = await page.context().newPage();
  await later.goto('/user/dashboard');
  await expect(later.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
  await expect(offerIn(later)).toHaveCount(0);
});

test('"Keep Nederlands" leaves the account in Dutch; this visit stays English and the offer does not come back', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  await pastVisitIn(page, 'nl');
  // The switcher's link followed before the script runs: the gateway's `?lang=` path.
  await page.goto('/login/email?lang=en');
  await expect(page).toHaveURL(/\/login\/email$/);
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();

  await login(emma);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
  const offer = offerIn(page);
  await offer.getByRole('button', { name: 'Keep Nederlands' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(await accountLanguage(page)).toBe('nl');

  // On through the account pages, and a reload: English, and no second offer.
  await page
    .getByRole('navigation', { name: 'Account menu' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await page
    .getByRole('navigation', { name: 'Account menu' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Emma');
  await expect(offerIn(page)).toHaveCount(0);

  // A later visit without a fresh choice: the account's language.
  const later = await page.context().newPage();
  await later.goto('/user/dashboard');
  await expect(later.getByRole('heading', { level: 1 })).toHaveText('Welkom, Emma');
  await expect(later.getByRole('region', { name: /gekozen|You chose/ })).toHaveCount(0);
});

test("without a choice in this visit the account's language applies, with no offer", async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  // English from a past visit's cookie: no choice of this one.
  await pastVisitIn(page, 'en');
  await page.goto('/login/email');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await login(emma);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Emma');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('region', { name: /gekozen|You chose/ })).toHaveCount(0);
});

for (const [language, username, name, text, keep] of [
  [
    'fr',
    'employee@example.be',
    'Français',
    'Vous avez choisi Français. Utiliser désormais Français pour votre compte\u202f?',
    'Garder Nederlands',
  ],
  [
    'nl',
    'partner@example.be',
    'Nederlands',
    'Je hebt Nederlands gekozen. Wil je voortaan Nederlands gebruiken voor je account?',
    'English behouden',
  ],
] as const) {
  test(`the offer in the language chosen (${language})`, async ({ page, login }) => {
    await page.goto('/login/email');
    await chooseLanguage(page, name);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await login(username);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    const offer = page.getByRole('region', { name: text });
    await expect(offer.getByRole('button', { name: keep })).toBeVisible();
    await review(page, `dashboard with the offer (${language})`);
  });
}
