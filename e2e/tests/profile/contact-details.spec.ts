import { writtenNumber } from '../../fixtures/accounts';
import { expect, outboxCode, test } from '../../fixtures/login';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';

/** The e-mail addresses and phone numbers of the profile (`/profile/edit-credentials`). */

const review = reviewer('polish');

test('adds and verifies a second e-mail address, then makes it the primary one', async ({
  page,
  request,
  login,
}) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
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

  // Security no longer calls the old address "Primary": it says the login codes still go
  // there, not to the new primary address.
  await page.goto('/security');
  await expect(
    page.getByText(
      'Login codes go first to an e-mail address that is not your primary one. You can ask for them at your primary address instead.',
    ),
  ).toBeVisible();
  const methods = page.getByRole('list', { name: 'Verification methods' });
  await expect(methods.getByText('Primary', { exact: true })).toHaveCount(0);
});

test("an address already the user's own gets the duplicate message", async ({ page, login }) => {
  const emma = await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/profile/edit-credentials');
  const emails = page.getByRole('region', { name: 'E-mail addresses', exact: true });
  // Another account's address would be answered as a free one (docs/security.md, V6.3).
  // Her own address, written with a capital: the same address.
  await emails.getByLabel('New e-mail address').fill(emma.email.replace(/^e/, 'E'));
  await emails.getByRole('button', { name: 'Send a code' }).click();
  await expect(emails.getByRole('alert')).toHaveText(
    'This email is already in use. Please use another one.',
  );
});

test('the last phone number cannot be deleted: the button says why', async ({ page, login }) => {
  const emma = await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/profile/edit-credentials');
  const phones = page.getByRole('region', { name: 'Phone numbers', exact: true });
  const remove = phones.getByRole('button', { name: `Delete ${writtenNumber(emma.phone)}` });
  await expect(remove).toBeDisabled();
  // Said beside the button, not in a tooltip that a phone never shows.
  await expect(phones.getByText('At least one phone number must remain.')).toBeVisible();
  await expect(remove).toHaveAccessibleDescription('At least one phone number must remain.');
  await remove.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a disabled Delete says why on a phone, in words on the page', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await login(emma, { via: 'api', language: 'en' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/profile/edit-credentials');
  const phones = page.getByRole('region', { name: 'Phone numbers', exact: true });
  const remove = phones.getByRole('button', { name: `Delete ${writtenNumber(emma.phone)}` });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(phones.getByText('At least one phone number must remain.')).toBeVisible();
  await reviewInEachLanguage(review, page, '/profile/edit-credentials', 'edit credentials', (p) =>
    expect(p.getByRole('region').first()).toBeVisible(),
  );
});
