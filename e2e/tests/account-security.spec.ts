import { DEMO_PASSWORD, expect, test } from '../fixtures/login';
import { trustThisBrowser } from '../fixtures/mfa';
import { inEnglish, outboxCode, signInAs } from './account-helpers';

test('logs out another session from the devices list; that browser is signed out', async ({
  page,
  request,
  browser,
  login,
}) => {
  const other = await browser.newPage();
  await signInAs(other, request, 'employee@example.be');
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);

  await page.goto('/security/history');
  const devices = page.getByRole('list', { name: 'Devices and sessions' });
  // The same Chrome on the same computer: one row, this device's, with its other session.
  const mine = devices.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(mine).toContainText('2 sessions');
  await expect(mine.getByText(/Chrome/)).toBeVisible();
  await mine.getByRole('button', { name: 'Log out the others' }).click();
  await page
    .getByRole('dialog', { name: /^Log out .+\?$/ })
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect(page.getByText(/^You have been logged out from /)).toBeVisible();
  await expect(mine).not.toContainText('sessions');

  await other.goto('/user/dashboard');
  await expect(other).toHaveURL(/\/login\/email\?target=/);
  await other.close();
});

test('the security history lists sign-ins newest first; "this wasn\'t me" logs out the rest and leads to a new password', async ({
  page,
  request,
  browser,
  login,
}) => {
  const other = await browser.newPage();
  await signInAs(other, request, 'employee@example.be');
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/security/history');
  const history = page.getByRole('list', { name: 'Security history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Logged in' })).toHaveCount(2);
  const times = await history
    .locator('time')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
  expect(times).toEqual([...times].sort().reverse());

  await history
    .getByRole('listitem')
    .filter({ hasText: 'Logged in' })
    .first()
    .getByRole('button', { name: "This wasn't me" })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Secure your account?' });
  await dialog.getByRole('button', { name: 'Log out other devices' }).click();
  await expect(page).toHaveURL(/\/security\/edit-password$/);
  await expect(
    page.getByText('Every other device has been logged out. Choose a new password now.'),
  ).toBeVisible();

  await other.goto('/user/dashboard');
  await expect(other).toHaveURL(/\/login\/email/);
  await other.close();
});

test('changes the password with the rules shown live', async ({ page, login }) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/security/edit-password');
  const length = page.getByRole('listitem').filter({ hasText: /^\W*At least 10 characters/ });
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(length).toContainText('to do');
  await page.getByLabel('Repeat the new password').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Not enough characters')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill('Another-Pass-2027!');
  await expect(length).toContainText('done');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText("Passwords don't match!")).toBeVisible();

  await page.getByLabel('Repeat the new password').fill('Another-Pass-2027!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
});

test('deleting the primary MFA method makes the backup primary', async ({ page, login }) => {
  await login('totp@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/security/mfa-edit');
  const methods = page.getByRole('list', { name: 'Verification methods' });
  const app = methods.getByRole('listitem').filter({ hasText: 'Authenticator app' });
  await expect(app.getByText('Primary', { exact: true })).toBeVisible();
  // The only e-mail/SMS method cannot go.
  await expect(
    methods.getByRole('button', { name: 'Delete E-mail totp@example.be' }),
  ).toBeDisabled();

  await app.getByRole('button', { name: 'Delete Authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this verification method?' });
  await expect(dialog).toContainText('Your backup method will become primary.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/E-mail totp@example\.be is now primary/)).toBeVisible();
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods.getByRole('listitem').getByText('Primary', { exact: true })).toBeVisible();
  // The deleted method's row went with the button that opened the dialog: focus goes to
  // the heading of its section, not to the page.
  await expect(page.getByRole('heading', { name: 'Verification methods', level: 2 })).toBeFocused();
});

test('a sensitive change without a recent check asks for a code in place and keeps what was typed', async ({
  page,
  request,
}) => {
  // A trusted browser signs in by password alone: no recent MFA check.
  await trustThisBrowser(page, request, 'employee@example.be');
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto('/profile');
  const banking = page.getByRole('region', { name: /IBAN|Bank|Bankgegevens/ });
  await banking.getByRole('button').first().click();
  await banking.getByRole('textbox').fill('BE71 0961 2345 6769');
  await banking.locator('button[type="submit"]').click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(banking.getByRole('textbox')).toHaveValue('BE71 0961 2345 6769');
  // The dialog says where the code went once it is sent: only then is it in the outbox
  // (before, the newest code there is the one the trusted sign-in used).
  await expect(dialog.getByText(/e•••e@example\.be/)).toBeVisible();
  await dialog.getByRole('textbox').fill(await outboxCode(request, 'employee@example.be'));
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(banking.getByText('BE71 0961 2345 6769')).toBeVisible();
});
