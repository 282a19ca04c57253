import { enterCode, PASSWORD, toEmailStep, toPasswordStep } from '../../fixtures/onboarding';
import { outboxCode } from '../../fixtures/portal';
import { expect, test } from '../../fixtures/stack';

/**
 * The e-mail step (the recommended personal address chosen to begin with, an
 * address in use leading to the sign-in or the reset) and the password step
 * (the username carried for password managers).
 */

test('the personal e-mail address, recommended, is the one chosen to begin with', async ({
  page,
}) => {
  await toEmailStep(page);
  const personal = page.getByLabel(/Use a personal e-mail address/);
  await expect(personal).toBeChecked();
  await expect(page.getByRole('radio', { name: /Recommended/ })).toBeChecked();
  await expect(page.getByLabel(/^Keep n•••e@example\.be/)).not.toBeChecked();
  await expect(page.getByLabel('E-mail address', { exact: true })).toBeVisible();
  // The card's address stays one choice away; its field goes with the choice.
  await page.getByLabel(/^Keep /).check();
  await expect(page.getByLabel('E-mail address', { exact: true })).toHaveCount(0);
});

test('an e-mail address in use is answered as a free one; under the code, the ways to log in with it or reset the password', async ({
  page,
  account,
}) => {
  const emma = await account();
  await toEmailStep(page);
  await page.getByLabel('E-mail address', { exact: true }).fill(emma.login);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(`We sent an 8-digit code to ${emma.email}`)).toBeVisible();
  await expect(
    page.getByText(/If this address already has an account, we sent its owner a message/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
    'href',
    '/forgot-password/email',
  );
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  // Nothing of the onboarding is handed over in the browser: the sign-in starts afresh.
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('');
});

test('the password form carries the e-mail typed as its username, for password managers', async ({
  page,
  request,
}) => {
  await toEmailStep(page);
  await toPasswordStep(page, request, {
    email: 'nina.saved@example.be',
    phone: '0470 55 66 02',
  });
  const form = page
    .locator('form')
    .filter({ has: page.getByLabel('New password', { exact: true }) });
  const username = form.locator('input[autocomplete="username"]');
  await expect(username).toHaveValue('nina.saved@example.be');
  await expect(username).toBeHidden();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your card is activated' })).toBeVisible();
});

test('the code steps name the address and the number just typed in full, not masked', async ({
  page,
  request,
}) => {
  await toEmailStep(page);
  await page.getByLabel('E-mail address', { exact: true }).fill('nina.full@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(
    page.getByText('We sent an 8-digit code to nina.full@example.be. Enter it below.'),
  ).toBeVisible();
  await enterCode(page, await outboxCode(request, 'nina.full@example.be'));
  await page.getByLabel('Mobile phone number', { exact: true }).fill('0470 55 66 03');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(
    page.getByText(/^We sent an 8-digit code by text message to \+32\s?470\s?55\s?66\s?03\./),
  ).toBeVisible();
  await expect(page.getByText(/•••/)).toHaveCount(0);

  // The two-step step names both as they were typed, too.
  await enterCode(page, await outboxCode(request, '+32470556603'));
  const where = page.getByRole('list', { name: 'Where your codes go' });
  await expect(where).toContainText('nina.full@example.be');
  await expect(where).toContainText(/\+32\s?470\s?55\s?66\s?03/);
  await expect(page.getByText(/•••/)).toHaveCount(0);
});
