import { chooseLanguage } from '../../fixtures/language';
import { expect, signInTwice, test } from '../../fixtures/login';

/** The security history: newest first, translated, and "this wasn't me" one click from a sign-in. */

test('the security history lists sign-ins newest first; "this wasn\'t me" locks the account: every session ends, this one too', async ({
  page,
  browser,
  login,
  account,
}) => {
  const other = await signInTwice(login, browser, await account());
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
  const dialog = page.getByRole('dialog', { name: 'Lock your account?' });
  await dialog.getByRole('button', { name: 'Lock my account' }).click();
  await expect(page).toHaveURL(/\/lock-account\/done$/);
  await expect(page.getByRole('heading', { name: 'Your account is locked' })).toBeVisible();

  await other.goto('/user/dashboard');
  await expect(other).toHaveURL(/\/login\/email/);
  await other.close();
});

test('the history is translated, details included; a header language switch is no security event', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  // employee@example.be speaks Dutch: the pages follow after the sign-in.
  await login(emma);
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
