import { speak } from '../../fixtures/account';
import { expect, signInTwice, test } from '../../fixtures/login';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';

/** Devices and sessions (on the security history page): one row per device and browser, logged out from here. */

const review = reviewer('polish');

test('logs out another session from the devices list; that browser is signed out', async ({
  page,
  browser,
  login,
  account,
}) => {
  const other = await signInTwice(login, browser, await account());

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

test('logging out another device names that device, not "this device"', async ({
  page,
  browser,
  login,
  account,
}) => {
  const other = await signInTwice(login, browser, await account());
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

test('sessions of the same device and browser are one row, this device first, and the others of the group log out together', async ({
  page,
  browser,
  login,
  account,
}) => {
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  const other = await signInTwice(login, browser, await account());
  await page.goto('/security/history');
  const devices = page.getByRole('list', { name: 'Devices and sessions' });
  const first = devices.getByRole('listitem').first();
  await expect(first).toContainText('This device');
  await expect(first).toContainText(/2 sessions/);
  // One Chromium on one computer: one row, not three alike.
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await reviewInEachLanguage(review, page, '/security/history', 'devices and sessions', (p) =>
    expect(p.getByRole('listitem').first()).toBeVisible(),
  );
  await page.goto('/security/history');
  await first.getByRole('button', { name: 'Log out the others' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText(/^You have been logged out from /)).toBeVisible();
  await expect(first).not.toContainText(/\d sessions/);
  await other.close();
});

test('dates and places follow the page locale: "Brussel, België" in Dutch, "Bruxelles, Belgique" in French, day first in English', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await login(emma, { via: 'api' });
  const devices = page.getByRole('list').first();
  await speak(page, 'nl');
  await page.goto('/security/history');
  await expect(page.getByRole('list', { name: 'Apparaten en sessies' })).toContainText(
    'Brussel, België',
  );
  await speak(page, 'fr');
  await page.goto('/security/history');
  await expect(page.getByRole('list', { name: 'Appareils et sessions' })).toContainText(
    'Bruxelles, Belgique',
  );
  await speak(page, 'en');
  await page.goto('/security/history');
  const sessions = page.getByRole('list', { name: 'Devices and sessions' });
  await expect(sessions).toContainText('Brussels, Belgium');
  await expect(sessions).toContainText(/Last active \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await expect(devices).toBeVisible();
});

test("device names and the new-device alert are said in the page's language, not the account API's English", async ({
  page,
  login,
  browser,
  account,
}) => {
  // Two browsers: the second is a new device, whose alert goes out.
  const other = await signInTwice(login, browser, await account());
  await other.close();
  await speak(page, 'fr');
  await page.goto('/security/history');
  const sessions = page.getByRole('list', { name: 'Appareils et sessions' });
  await expect(sessions).toContainText(/Ordinateur (Linux|Windows|macOS)/);
  await expect(sessions).not.toContainText(/ computer/);
  const history = page.getByRole('list', { name: 'Historique de sécurité' });
  await expect(history).toContainText('Connexion depuis un nouvel appareil · alerte envoyée');
  await expect(history).not.toContainText(/alert sent| computer/);
  await speak(page, 'nl');
  await page.goto('/security/history');
  await expect(page.getByRole('list', { name: 'Apparaten en sessies' })).toContainText(
    /(Linux|Windows|macOS)-computer/,
  );
});
