import { expectAccessible } from '../../fixtures/a11y';
import { expect as baseExpect, DEMO_PASSWORD, signInTwice, test } from '../../fixtures/login';
import { reviewer } from '../../fixtures/screenshots';
import { LU_URL } from '../../playwright.config';

/** Changing the password under Security: the rules shown live, the same password or a breached one refused. */

const review = reviewer('polish');
// Sign-ins through the pages on a shared, loaded machine: a longer patience than the suite's.
const expect = baseExpect.configure({ timeout: 20_000 });

test('changes the password with the rules shown live', async ({ page, login }) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
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

test('a password change signs the other browser out: the page names it, and its next navigation lands on the sign-in', async ({
  page,
  login,
  browser,
  account,
}) => {
  // An account of this test's own, signed in from two browsers (two contexts).
  const other = await signInTwice(login, browser, await account());
  await other.goto('/security');
  await expect(other.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();

  await page.goto('/security/edit-password');
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Another-Pass-2027!');
  await page.getByLabel('Repeat the new password').fill('Another-Pass-2027!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/security$/);
  const status = page.getByRole('status').filter({ hasText: 'Your password has been changed.' });
  await expect(
    status.getByText(
      'Your other device was logged out. It needs the new password to log in again:',
    ),
  ).toBeVisible();
  await expect(status.getByRole('listitem')).toHaveText([/Chrome/]);
  await review(page, 'password changed, other device signed out en');

  // The other browser's next navigation: its session is gone, it is at the sign-in.
  await other.goto('/security');
  await expect(other).toHaveURL(/\/login\/email/);
  await expect(other.getByLabel('E-mail address')).toBeVisible();
  // This browser goes on, under its renewed cookie.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await other.context().close();
});

test('a new password equal to the current one is refused as such, not as a wrong current password', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await login(emma, { via: 'api', language: 'en' });
  await page.goto('/security/edit-password');
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your new password is the same as your current one. Choose a different one.'),
  ).toBeVisible();
  await expect(page.getByText('Your current password is incorrect.')).toHaveCount(0);
  await expect(page.getByLabel('Current password')).not.toHaveAttribute('aria-invalid', 'true');
  await review(page, 'edit password same as current en');
});

test('BE: a breached new password is refused next to the live rules, in English', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/security/edit-password');
  await page.getByLabel('Current password').fill('Portal-Demo-2026!');
  await page.getByLabel('New password', { exact: true }).fill('Password123!');
  await page.getByLabel('Repeat the new password').fill('Password123!');
  await page.getByRole('button', { name: 'Change password' }).click();
  const field = page.getByLabel('New password', { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText(
      'This password appears in known data breaches, so others may try it. Choose another one.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Your password needs')).toBeVisible();
  await expectAccessible(page, 'breached password message');
});

test('LU: a breached new password is refused in the user’s French', async ({
  page,
  login,
  account,
}) => {
  const marie = await account('marie@example.lu');
  // Through the pages, so that the portal takes up marie's French at sign-in.
  await login(marie, { origin: LU_URL });
  await page.goto(`${LU_URL}/security/edit-password`);
  await page.getByLabel('Mot de passe actuel').fill('Portal-Demo-2026!');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Password123!');
  await page.getByLabel('Répétez le nouveau mot de passe').fill('Password123!');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(
    page.getByText(/Ce mot de passe figure dans des fuites de données connues/),
  ).toBeVisible();
});
