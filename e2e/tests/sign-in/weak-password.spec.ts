import { DEMO_PASSWORD, expect, outboxCode, submitSignIn, test } from '../../fixtures/login';

/** A password that no longer meets the rules: replaced before anything else (docs/decisions/0002-weak-password-confinement.md). */

test('a weak password must be replaced, rules shown live, before going on', async ({
  page,
  request,
  account,
}) => {
  const wout = await account('weak@example.be');
  await page.goto('/login/email');
  await submitSignIn(page, wout);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, wout.email));

  await expect(page).toHaveURL(/\/weak-password\?verified=true/);
  await expect(page.getByRole('heading', { name: 'Choose a stronger password' })).toBeVisible();
  // Any other page keeps the user here until the password is replaced, then leads on there.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/weak-password\?verified=true&target=%2Fprofile$/);

  const rules = page.locator('.password-rules li');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await expect(rules.filter({ hasText: 'At least 10 characters' })).toHaveClass('rule-unmet');
  await expect(rules.filter({ hasText: 'Letters' })).toHaveClass('rule-met');
  await page.getByLabel('New password', { exact: true }).fill('A-much-better-one-2026');
  await expect(rules.filter({ hasText: 'At least 10 characters' })).toHaveClass('rule-met');
  await page.getByLabel('Repeat the new password').fill('A-much-better-one-2027');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText("Passwords don't match!")).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('A-much-better-one-2026');
  // Saved: straight on to the page the gateway decided (no "Password changed" stop), not sent
  // home first by the guard, which now sees a password that is not weak.
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && shown.at(-1) !== path) shown.push(path);
  });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(shown).toEqual(['/profile']);
});

test('weak password: says why (the server status), then goes straight on', async ({
  page,
  login,
}) => {
  await login('weak@example.be');
  await expect(page).toHaveURL(/\/weak-password\?verified=true/);
  // Its status is 1: found in a data breach, not a password that breaks the rules shown.
  await expect(
    page.getByText(
      'Your current password appears in a list of passwords exposed in data breaches',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await expect(page.getByText('no longer meets our password rules', { exact: false })).toHaveCount(
    0,
  );
  await expect(page.getByText(/too weak/)).toHaveCount(0);
  const password = 'A-much-better-one-2026';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Password changed' })).toHaveCount(0);
});

test('weak-password without verified=true asks to log in first', async ({ page }) => {
  await page.goto('/weak-password');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/log in first/)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\/email/);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('weak password: a plain form, refused at its field, then saved straight on to the dashboard', async ({
    page,
    request,
    account,
  }) => {
    const wout = await account('weak@example.be');
    await page.goto('/login/email');
    await page.getByLabel('E-mail address').fill(wout.login);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill(await outboxCode(request, wout.email));
    await page.getByRole('button', { name: 'Confirm' }).click();

    // Drawn by the gateway for the session it confines, saying why.
    await expect(page).toHaveURL(/\/weak-password\?verified=true$/);
    await expect(page.getByRole('heading', { name: 'Choose a stronger password' })).toBeVisible();
    await expect(
      page.getByText('appears in a list of passwords exposed in data breaches', { exact: false }),
    ).toBeVisible();
    const save = page.getByRole('button', { name: 'Save and continue' });
    const fill = async (password: string, again: string) => {
      await page.getByLabel('New password', { exact: true }).fill(password);
      await page.getByLabel('Repeat the new password').fill(again);
      await save.click();
    };
    // A broken rule, then two that differ: the page again, the reason at the password.
    await fill('short', 'short');
    await expect(page).toHaveURL(/\/weak-password\?verified=true$/);
    await expect(page.getByText('Not enough characters')).toBeVisible();
    await fill('A-much-better-one-2026', 'A-much-better-one-2027');
    await expect(page.getByText("Passwords don't match!")).toBeVisible();
    // Saved: 303 straight to where the sign-in was headed, no "Password changed" stop.
    await fill('A-much-better-one-2026', 'A-much-better-one-2026');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Wout');
  });
});
