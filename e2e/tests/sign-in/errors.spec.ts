import { DEMO_PASSWORD, expect, submitSignIn, test } from '../../fixtures/login';
import { appTookOver } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { LU_URL } from '../../playwright.config';

/**
 * What the sign-in says when it cannot go on: each error at its field, a
 * wrong password said truthfully at the emptied password with the tries
 * left, and a locked account told how long to wait.
 */

const review = reviewer('signin-polish');

test('a wrong password shows the spec message', async ({ page, account }) => {
  const emma = await account();
  await page.goto('/login/email');
  await submitSignIn(page, emma, 'not-the-password');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    /^E-mail address or password is incorrect\./,
  );
  await expect(page).toHaveURL(/\/login\/email$/);
});

for (const [variant, origin] of [
  ['be', ''],
  ['lu', LU_URL],
] as const) {
  test(`${variant}: each sign-in error belongs to its field; a wrong password is said at the password`, async ({
    page,
    account,
  }) => {
    await page.goto(`${origin}/login/email`);
    // The checks before sending are the app's: the page is taken over first.
    await appTookOver(page);
    const username = page.locator('#login-username');
    const password = page.locator('#login-password');
    await page.locator('form button[type=submit]').click();
    // Empty: one message per field, each described by its own.
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    const usernameError = await username.getAttribute('aria-describedby');
    const passwordError = await password.getAttribute('aria-describedby');
    expect(usernameError).toBeTruthy();
    expect(passwordError).toBeTruthy();
    expect(usernameError).not.toBe(passwordError);
    await expect(page.locator(`[id="${usernameError}"]`)).toBeVisible();
    await expect(page.locator(`[id="${passwordError}"]`)).toBeVisible();

    // A wrong address: only the address field is wrong.
    await username.fill('not-an-address');
    await password.fill(DEMO_PASSWORD);
    await page.locator('form button[type=submit]').click();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    await expect(password).not.toHaveAttribute('aria-describedby', /.+/);
    const described = await username.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${described}"]`)).toBeVisible();

    // A wrong password: said at the password (emptied for the next try), the address
    // not singled out (which of the two was wrong is not told).
    const mine = await account(variant === 'be' ? 'customer@example.be' : 'marie@example.lu');
    await username.fill(mine.login);
    await password.fill('wrong-password-1');
    await page.locator('form button[type=submit]').click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  });
}

test('English wording: the empty form says which field is missing, under that field', async ({
  page,
}) => {
  await page.goto('/login/email');
  await appTookOver(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription(
    'This field is required.',
  );
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('This field is required.');
  await page.getByLabel('E-mail address').fill('nope');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription(
    'The email provided is invalid.',
  );
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription('This field is required.');
});

test('a locked account is told how long to wait (Retry-After)', async ({ page, account }) => {
  const chloe = await account('customer@example.be');
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill(chloe.login);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel('Password').fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
      /^E-mail address or password is incorrect\./,
    );
  }
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many attempts\. Try again in \d+ minutes?\.$/,
  );
});

test('too many wrong passwords: 429 and the spec message', async ({ page, account }) => {
  const chloe = await account('customer@example.be');
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill(chloe.login);
  const password = page.getByLabel('Password');
  const alert = page.getByRole('alert');
  for (let i = 0; i < 5; i++) {
    await password.fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(password).toHaveAccessibleDescription(
      /^E-mail address or password is incorrect\./,
    );
    await expect(password).toHaveValue('');
  }
  await password.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The lock's Retry-After, passed on by the gateway, says how long to wait.
  await expect(alert).toHaveText(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  await expect(page).toHaveURL(/\/login\/email$/);
});

test('a wrong password is said at the emptied password field, then the tries left; unknown logins alike', async ({
  page,
  account,
}) => {
  const chloe = await account('customer@example.be');
  for (const login of [chloe.login, 'nobody.here@example.be']) {
    await page.goto('/login/email');
    const password = page.getByLabel('Password');
    await submitSignIn(page, login, 'wrong-1');
    await expect(password).toHaveAccessibleDescription('E-mail address or password is incorrect.');
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(page.getByLabel('E-mail address')).toHaveValue(login);
    await password.fill('wrong-2');
    await password.press('Enter');
    await expect(password).toHaveAccessibleDescription(
      'E-mail address or password is incorrect. 3 more wrong tries and logging in pauses for 15 minutes.',
    );
    if (login.startsWith('customer')) await review(page, 'wrong password with tries left (en)');
  }
});
