import { nationalNumber } from '../../fixtures/accounts';
import { expect, outboxCode, test, totpCode } from '../../fixtures/login';
import { BE_URL, LU_URL } from '../../playwright.config';

/*
 * Forgot password and forgot username with JavaScript off (docs/flows.md,
 * "Recovery"): every step a server-drawn page whose form works as plain
 * HTML, the gateway answering each with a 303 to the next step. The reset
 * ends signed in, on both variants.
 */

test.use({ javaScriptEnabled: false });

const ACCOUNTS = [
  { variant: 'be', url: BE_URL, login: 'employee@example.be', name: 'Emma' },
  { variant: 'lu', url: LU_URL, login: 'marie@example.lu', name: 'Marie' },
] as const;

for (const { variant, url, login: demo, name } of ACCOUNTS) {
  test(`${variant}: forgot password by e-mail ends signed in on the drawn dashboard`, async ({
    page,
    request,
    account,
  }) => {
    // A copy of the demo account, this test's own.
    const { login } = await account(demo);
    await page.context().addCookies([{ name: 'lang', value: 'en', url }]);
    await page.goto(`${url}/login/email`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('E-mail address').fill(login);
    await page.getByRole('button', { name: 'Send me a code' }).click();

    await expect(page).toHaveURL(`${url}/forgot-password-sent`);
    await expect(page.getByText(`we sent a code by e-mail to ${login}`)).toBeVisible();
    await page.getByLabel('Verification code').fill(await outboxCode(request, login, variant));
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${url}/reset-password`);
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Password-7');
    await page.getByRole('button', { name: 'Save and log in' }).click();

    await expect(page).toHaveURL(`${url}/user/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  });
}

test('by phone: a wrong code and a weak password said at their fields, then the second factor', async ({
  page,
  request,
  account,
}) => {
  const tom = await account('totp@example.be');
  await page.goto('/forgot-password/phone');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(nationalNumber(tom.phone));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page).toHaveURL(/\/forgot-password-sent$/);

  await page.getByLabel('Verification code').fill('00000000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Verification code')).toHaveAccessibleDescription(
    /Your code is invalid, try again\./,
  );
  // A new code by the same channel: without script its countdown cannot hold the button back.
  await page.getByRole('button', { name: 'Send a new code' }).click({ force: true });
  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await page.getByLabel('Verification code').fill(await outboxCode(request, tom.phone));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
    /Not enough characters/,
  );
  await page.getByLabel('New password', { exact: true }).fill('Brand-New-Password-7');
  await page.getByRole('button', { name: 'Save and log in' }).click();

  // totp@example.be's phone is no second factor: the sign-in's code step asks the app's code.
  await expect(page).toHaveURL(/\/mfa$/);
  await page.getByLabel('Verification code').fill(await totpCode(request));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tom');
});

test('forgot username: a wrong number said at its field, then the usernames found', async ({
  page,
}) => {
  await page.goto('/forgot-username');
  await page.getByLabel('Card number', { exact: true }).fill('1234');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByLabel('Card number', { exact: true })).toHaveAccessibleDescription(
    /Your card number is invalid\./,
  );
  await page.getByLabel('With my national register number').check();
  await page.getByLabel('Card number', { exact: true }).fill('85.07.31-001.30');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page).toHaveURL(/\/forgot-username-response$/);
  await expect(page.getByText('These usernames belong to your account:')).toBeVisible();
  await expect(page.getByRole('listitem').first()).toHaveText('e•••e@example.be');
});
