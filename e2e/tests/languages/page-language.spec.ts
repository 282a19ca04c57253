import { chooseLanguage, rememberLanguageCookie } from '../../fixtures/language';
import { expect, test } from '../../fixtures/login';
import { portalCall } from '../../fixtures/portal';
import { BE_URL } from '../../playwright.config';

/** The page's language: the header's switcher before the sign-in, the account's own after it. */

test('the language switcher changes every text at once and is remembered', async ({ page }) => {
  await page.goto('/login/email');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await chooseLanguage(page, 'Français');
  await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
  await chooseLanguage(page, 'Nederlands');
  await page.goto('/forgot-password/email');
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten?' })).toBeVisible();
});

test('language: a signed-in user gets their own language on load, whatever the browser', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await page.goto('/user/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  // The profile's language changed elsewhere: the next load follows it.
  await portalCall(page, '/api/user', { method: 'PATCH', body: { language: 'fr' } });
  await rememberLanguageCookie(page, BE_URL, 'en');
  await page.goto('/user/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Emma');
});
