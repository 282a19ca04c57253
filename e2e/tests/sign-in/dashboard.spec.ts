import { expect, test } from '../../fixtures/login';
import { LU_URL } from '../../playwright.config';

/** Where the sign-in lands: the dashboard and its linked services, or a partner's allowed `redirect_uri`. */

test('the dashboard lists the linked services and follows redirect_uri only when allowed', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api' });
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { name: 'Partner area' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Client area' })).toHaveCount(0);

  await page.goto(`/user/dashboard?redirect_uri=${encodeURIComponent('https://evil.example/x')}`);
  await expect(page.getByRole('alert')).toHaveText(
    'We did not open the requested site: it is not one of our partners.',
  );

  await page.goto(
    `/user/dashboard?redirect_uri=${encodeURIComponent('http://127.0.0.1:5555/callback')}`,
  );
  await expect(page).toHaveURL('http://127.0.0.1:5555/callback');
});

test.describe('Luxembourg variant', () => {
  // A browser language Luxembourg does not offer: the variant's default applies.
  test.use({ locale: 'nl-BE' });

  test('lists the services without the deals site', async ({ page, login }) => {
    await login('marie@example.lu', { origin: LU_URL });
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Bienvenue, Marie' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mes chèques' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bons plans' })).toHaveCount(0);
  });
});
