import { expect, test } from '../fixtures/login';
import { inEnglish, outboxCode } from './account-helpers';

test('IBAN: a bad one is refused with the spec message, a good one is saved', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
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

test('adds and verifies a second e-mail address, then makes it the primary one', async ({
  page,
  request,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/profile/edit-credentials');
  const emails = page.getByRole('region', { name: 'E-mail addresses', exact: true });

  await emails.getByLabel('New e-mail address').fill('emma.peeters@example.org');
  await emails.getByRole('button', { name: 'Send a code' }).click();
  await expect(
    emails.getByText(/We sent an 8-digit code to emma\.peeters@example\.org/),
  ).toBeVisible();
  const code = await outboxCode(request, 'emma.peeters@example.org');
  // A complete code goes by itself.
  await emails.getByLabel('Verification code').fill(code);
  await expect(emails.getByText('Your e-mail address has been verified.')).toBeVisible();

  const added = emails.getByRole('listitem').filter({ hasText: 'emma.peeters@example.org' });
  await expect(added.getByText('Verified')).toBeVisible();
  await added.getByRole('button', { name: 'Make primary: emma.peeters@example.org' }).click();
  await expect(emails.getByText('Your primary e-mail address has been changed.')).toBeVisible();
  // Default first: the new primary address leads the list.
  await expect(emails.getByRole('listitem').first()).toContainText('emma.peeters@example.org');
  await expect(
    emails.getByRole('listitem').first().getByText('Primary', { exact: true }),
  ).toBeVisible();

  await page.goto('/profile');
  const contact = page.getByRole('region', { name: 'Contact information' });
  await expect(contact.getByRole('listitem').first()).toContainText('emma.peeters@example.org');
});

test('an address already used by another account gets the duplicate message', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/profile/edit-credentials');
  const emails = page.getByRole('region', { name: 'E-mail addresses', exact: true });
  await emails.getByLabel('New e-mail address').fill('totp@example.be');
  await emails.getByRole('button', { name: 'Send a code' }).click();
  await expect(emails.getByRole('alert')).toHaveText(
    'This email is already in use. Please use another one.',
  );
});

test('the last phone number cannot be deleted: the button says why', async ({ page, login }) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/profile/edit-credentials');
  const phones = page.getByRole('region', { name: 'Phone numbers', exact: true });
  const remove = phones.getByRole('button', { name: 'Delete +32 470 00 00 01' });
  await expect(remove).toBeDisabled();
  // Said beside the button, not in a tooltip that a phone never shows.
  await expect(phones.getByText('At least one phone number must remain.')).toBeVisible();
  await expect(remove).toHaveAccessibleDescription('At least one phone number must remain.');
  await remove.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
