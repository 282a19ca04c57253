import { DEMO_PASSWORD, expect, outboxCode, test } from '../fixtures/login';
import { LU_URL } from '../playwright.config';

/** Issue 15, item 1: the sign-in and password-recovery journeys that were wrong. */

for (const [variant, origin] of [
  ['be', ''],
  ['lu', LU_URL],
] as const) {
  test(`${variant}: each sign-in error belongs to its field; a wrong password is said at the password`, async ({
    page,
  }) => {
    await page.goto(`${origin}/login/email`);
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
    await username.fill(variant === 'be' ? 'customer@example.be' : 'marie@example.lu');
    await password.fill('wrong-password-1');
    await page.locator('form button[type=submit]').click();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  });
}

test('the password can be shown before it is sent, by mouse or keyboard, and hidden again', async ({
  page,
}) => {
  await page.goto('/login/email');
  const password = page.getByLabel('Password');
  await password.fill(DEMO_PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  // The toggle comes after the page, named in the page's language.
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // From the field, Tab reaches the toggle; Space hides the password again.
  await password.focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  // In French, on the Luxembourg portal: its name is in French too.
  await page.goto(`${LU_URL}/login/email`);
  await page.evaluate(() => {
    // The language a visitor chose: the `lang` cookie, which the server reads too.
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets what the switcher sets
    document.cookie = 'lang=fr; Path=/';
  });
  await page.reload();
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(page.getByLabel('Mot de passe')).toHaveAttribute('type', 'text');
});

test('English wording: the empty form says which field is missing, under that field', async ({
  page,
}) => {
  await page.goto('/login/email');
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

test('a locked account is told how long to wait (Retry-After)', async ({ page }) => {
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill('customer@example.be');
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

test('the administration has its own sign-in title', async ({ page }) => {
  await page.goto(`/login/email?redirect_uri=${encodeURIComponent('https://admin.example.be/cb')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to the administration');
});

test('reset password: a wrong code is refused at "Check your messages", where it was typed', async ({
  page,
  request,
}) => {
  await page.goto('/forgot-password/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  const code = page.getByLabel('Verification code');
  await code.fill('12345678');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/Your code is invalid, try again\./);

  await code.fill(await outboxCode(request, 'employee@example.be'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = 'Brand-New-Password-8';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
});

test('"Check your messages": one countdown, the other channel only, and a way to change the address', async ({
  page,
}) => {
  await page.goto('/forgot-password/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  // The e-mail just went out: no "by e-mail instead"; a text message instead is offered.
  await expect(page.getByRole('button', { name: /by e-mail instead/ })).toHaveCount(0);
  await expect(
    page.getByRole('button', { name: 'Send the code by text message instead' }),
  ).toBeVisible();
  await expect(page.getByText(/You can ask for a new code in \d+ s/)).toHaveCount(1);
  await page.getByRole('link', { name: 'Use another e-mail address' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/email$/);
});

test('weak password: says why (the server status), then confirms the change', async ({
  page,
  login,
}) => {
  await login('weak@example.be');
  await expect(page).toHaveURL(/\/weak-password\?verified=true/);
  await expect(
    page.getByText('Your current password no longer meets our password rules.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(/too weak/)).toHaveCount(0);
  const password = 'A-much-better-one-2026';
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your new password is saved.' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('weak-password without verified=true asks to log in first', async ({ page }) => {
  await page.goto('/weak-password');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByText(/log in first/)).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\/email/);
});
