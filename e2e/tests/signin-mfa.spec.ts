import { DEMO_PASSWORD, expect, outboxCode, test, totpCode } from '../fixtures/login';
import { mockUrl } from '../fixtures/stack';

/** Types the credentials on /login/email and submits. */
async function submitLogin(page: import('@playwright/test').Page, username: string) {
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('e-mail code from the outbox signs in and lands on the dashboard in the user language', async ({
  page,
  request,
}) => {
  await submitLogin(page, 'employee@example.be');
  // The primary method (e-mail) starts at once: its code screen, no choice to make.
  await expect(page).toHaveURL(/\/mfa\?isLogin=true$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  // Letters and digits only, at most 8 for an e-mail code; a complete code goes by itself.
  const code = page.getByLabel('Verification code');
  await code.fill('12-34 56789');
  await expect(code).toHaveValue('12345678');
  await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill('1');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');

  await code.fill(await outboxCode(request, 'employee@example.be'));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
});

test('SMS code from the outbox; the resend waits 15 s first, then 30 s', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await submitLogin(page, 'employee@example.be');
  await page.getByRole('link', { name: 'Use another method' }).click();
  await page.getByRole('button', { name: /^Text message/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const resend = page.getByRole('button', { name: 'Send a new code' });
  await expect(resend).toBeDisabled();
  await expect(page.getByText('You can ask for a new code in 15 s')).toBeVisible();
  await page.clock.runFor(15_000);
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  await expect(page.getByText('You can ask for a new code in 30 s')).toBeVisible();
  await expect(resend).toBeDisabled();

  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470000001'));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('authenticator app with a trusted device: the second sign-in skips MFA', async ({
  page,
  context,
  request,
}) => {
  await submitLogin(page, 'totp@example.be');
  // The app is the primary method: nothing is sent, its field is there.
  await expect(page.getByRole('heading', { name: 'Open your authenticator app' })).toBeVisible();
  await page.getByLabel(/Trust this device/).check();
  await page.getByLabel('Verification code').fill(await totpCode(request));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Tom' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeUndefined();

  await submitLogin(page, 'totp@example.be');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('a recovery key signs in and leads to the TOTP recovery screen', async ({ page }) => {
  await submitLogin(page, 'totp@example.be');
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

test('the step-up sends edit-password through mfa-methods and back', async ({
  page,
  request,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  // The sign-in's MFA check is recent for 15 minutes: let it lapse.
  const res = await request.post(`${mockUrl('be')}/__dev/clock`, {
    data: { advance_ms: 16 * 60_000 },
  });
  expect(res.ok()).toBe(true);

  await page.goto('/security/edit-password');
  // Through mfa-methods, which starts the primary method (e-mail) at once.
  await expect(page).toHaveURL(/\/mfa\?single=true&redirect=%2Fsecurity%2Fedit-password$/);
  // A step-up does not offer to trust the device.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  // Emma's language is Dutch: the portal speaks it once she is signed in.
  await page.getByLabel('Verificatiecode').fill(await outboxCode(request, 'employee@example.be'));
  await expect(page).toHaveURL(/\/security\/edit-password$/);
});

test('too many wrong passwords: 429 and the spec message', async ({ page }) => {
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill('customer@example.be');
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

test('a weak password must be replaced, rules shown live, before going on', async ({
  page,
  request,
}) => {
  await submitLogin(page, 'weak@example.be');
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, 'weak@example.be'));

  await expect(page).toHaveURL(/\/weak-password\?verified=true/);
  await expect(page.getByRole('heading', { name: 'Choose a stronger password' })).toBeVisible();
  // Any other page keeps the user here until the password is replaced.
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/weak-password\?verified=true/);

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
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Wout' })).toBeVisible();
});
