import { expect, test } from '../fixtures/login';
import { portalCall } from './account-helpers';

/** Issue 15, item 5: the spec's loose ends. */

test('/totp/redirect has a screen and takes the user back', async ({ page, login }) => {
  await login('totp@example.be', { via: 'api', mfa: 'totp' });
  await portalCall(page, '/api/user', { method: 'PATCH', body: { language: 'en' } });
  await page.goto('/totp/redirect?redirect=%2Fuser%2Faccess');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/authenticator app/i);
  await expect(page.getByRole('status')).toContainText('Taking you back');
  await expect(page).toHaveURL(/\/user\/access$/, { timeout: 8000 });
});

test('on load the account shows as the server has it, never an out-of-date copy', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Emma');
  // Changed elsewhere: what this browser saw last is now out of date.
  await portalCall(page, '/api/user', { method: 'PATCH', body: { firstname: 'Emmy' } });
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/user/dashboard');
  // Until the server answers: the page loading, not the old name (the browser keeps none).
  await expect(page.getByRole('status')).toContainText(/Loading|Laden/);
  await expect(page.getByText('Welkom, Emma')).toHaveCount(0);
  answer();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Emmy');
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
  await page.evaluate(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets what the switcher sets
    document.cookie = 'lang=en; Path=/';
  });
  await page.goto('/user/dashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, Emma');
});
