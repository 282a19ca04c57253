import { expect, submitSignIn, test } from '../../fixtures/login';

/** Recovery keys: one signs in once and says how many are left; new ones replace the old. */

test('a recovery key signs in and leads to the TOTP recovery screen', async ({ page, account }) => {
  const tom = await account('totp@example.be');
  await page.goto('/login/email');
  await submitSignIn(page, tom);
  await page.getByRole('link', { name: 'Use another method' }).click();
  await page.getByRole('button', { name: /^Recovery key/ }).click();
  await expect(page.getByRole('heading', { name: 'Use a recovery key' })).toBeVisible();
  await page.getByLabel('Recovery key', { exact: true }).fill('RECOVERY01');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/mfa\/totp-recovery\?x=9/);
  await expect(page.getByRole('heading', { name: 'You used a recovery key' })).toBeVisible();
  await expect(page.getByText('You have 9 unused recovery keys left.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset my authenticator app' })).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('new recovery keys replace the old ones: an old key is refused at sign-in', async ({
  page,
  browser,
  login,
}) => {
  const tom = await login('totp@example.be', { via: 'api', language: 'en' });
  await page.goto('/security/edit-recovery');
  await expect(page.getByText('10 unused recovery keys')).toBeVisible();
  await page.getByRole('button', { name: 'Generate new keys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate new recovery keys?' });
  await expect(dialog).toContainText('Your old recovery keys will stop working at once.');
  await dialog.getByRole('button', { name: 'Generate new keys' }).click();
  const keys = page.getByRole('list', { name: 'Recovery keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(10);
  const fresh = (await keys.first().textContent())?.trim() ?? '';
  expect(fresh).not.toMatch(/^RECOVERY\d\d$/);

  const other = await browser.newPage();
  await other.goto('/login/email');
  await submitSignIn(other, tom);
  await other.getByRole('link', { name: 'Use another method' }).click();
  await other.getByRole('button', { name: /^Recovery key/ }).click();
  await other.getByRole('textbox', { name: 'Recovery key' }).fill('RECOVERY01');
  await other.getByRole('button', { name: 'Confirm' }).click();
  await expect(other.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await other.getByRole('textbox', { name: 'Recovery key' }).fill(fresh);
  await other.getByRole('button', { name: 'Confirm' }).click();
  // Signed in with the new key: the TOTP recovery screen counts the keys left.
  await expect(other).toHaveURL(/\/mfa\/totp-recovery/);
  await expect(other.getByText(/9/)).toBeVisible();
  await other.close();
});
