import { chooseLanguage } from '../fixtures/language';
import { expect, test } from '../fixtures/login';
import { inEnglish, signInAs } from './account-helpers';

/** Issue 15, item 1: the security history and the devices list, in every language. */

test('the history is translated, details included; a header language switch is no security event', async ({
  page,
  login,
}) => {
  // employee@example.be speaks Dutch: the pages follow after the sign-in.
  await login('employee@example.be');
  await page.goto('/security/history');
  await chooseLanguage(page, 'Français');
  await expect(
    page.getByRole('heading', { name: 'Historique de sécurité', exact: true }),
  ).toBeVisible();
  await page.reload();
  const history = page.getByRole('list', { name: 'Historique de sécurité' });
  const signIn = history.getByRole('listitem').first();
  await expect(signIn).toContainText('avec un code : E-mail');
  await expect(history).not.toContainText('mfa:');
  await expect(history).not.toContainText('language');
  await expect(history).not.toContainText('Informations personnelles modifiées');
});

test('logging out another device names that device, not "this device"', async ({
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
  // The other browser is the same Chrome on the same computer: the others of this device's row.
  const elsewhere = devices.getByRole('listitem').filter({ hasText: 'This device' });
  const name = (await elsewhere.getAttribute('aria-label')) ?? '';
  expect(name).not.toBe('');
  await elsewhere.getByRole('button', { name: 'Log out the others' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName(`Log out ${name}?`);
  await expect(dialog).not.toContainText('this device');
  await other.close();
});
