import { expect, test } from '../../fixtures/login';

test('IBAN: a bad one is refused with the spec message, a good one is saved', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/profile');
  const banking = page.getByRole('region', { name: 'Banking information' });
  await expect(banking.getByText('BE68 5390 0754 7034')).toBeVisible();

  await banking.getByRole('button', { name: 'Change IBAN' }).click();
  // The country list opens from its field and is chosen from with the keyboard.
  await banking.getByRole('button', { name: /Country/ }).click();
  await page
    .getByRole('listbox', { name: /Country/ })
    .getByRole('option', { name: 'Netherlands' })
    .click();
  await expect(banking.getByRole('button', { name: /Country/ })).toContainText('Netherlands');
  await banking.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
  await banking.getByRole('button', { name: 'Save' }).click();
  await expect(banking.getByRole('alert')).toHaveText('The provided IBAN is invalid.');
  await expect(banking.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');

  await banking.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await banking.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your IBAN has been updated successfully.')).toBeVisible();
  await expect(banking.getByText('NL91 ABNA 0417 1643 00')).toBeVisible();
  await expect(banking.getByText('Netherlands')).toBeVisible();

  await page.reload();
  await expect(page.getByText('NL91 ABNA 0417 1643 00')).toBeVisible();
});
