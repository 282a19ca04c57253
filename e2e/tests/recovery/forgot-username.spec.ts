import { expect, test } from '../../fixtures/login';

test('forgot username by card number and by national register number', async ({ page }) => {
  await page.goto('/forgot-username');
  await page.getByLabel('Card number', { exact: true }).fill('1234');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card number is invalid.');
  await page.getByLabel('Card number', { exact: true }).fill('5065 0000 0000 0003');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page).toHaveURL(/\/forgot-username-response$/);
  await expect(page.getByText('These usernames belong to your account:')).toBeVisible();
  await expect(page.getByRole('listitem').first()).toContainText('@example.be');

  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByLabel('With my national register number').check();
  await page.getByLabel('National register number', { exact: true }).fill('85.07.31-001.30');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByText('These usernames belong to your account:')).toBeVisible();

  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000001');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(
    page.getByText('No username was found for this card number or national register number.'),
  ).toBeVisible();
});
