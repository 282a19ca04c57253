import { expect, test } from '../../fixtures/login';
import { reviewer } from '../../fixtures/screenshots';

/** A site the account has no access to yet: the request goes to the administrator. */

const review = reviewer('partner');

test('access required: the request for a site goes to the administrator', async ({
  page,
  login,
}) => {
  await login('sso@acme.example', { via: 'api' });
  await page.goto('/partner?website=administration');
  await expect(page.getByRole('heading', { name: 'Access required' })).toBeVisible();
  await expect(page.getByLabel(/Administration/)).toBeChecked();
  await expect(page.getByLabel(/Deals site/)).toBeVisible();
  await review(page, 'partner (access required)');
  await page.getByLabel('Message for the administrator (optional)').fill('For the invoices.');
  await page.getByRole('button', { name: 'Request access' }).click();

  await expect(page).toHaveURL(/\/partner\/request-access$/);
  await expect(page.getByRole('heading', { name: 'Your access request was sent' })).toBeVisible();
  await review(page, 'partner request-access');
});
