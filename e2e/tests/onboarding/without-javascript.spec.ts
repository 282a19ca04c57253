import { PASSWORD } from '../../fixtures/onboarding';
import { outboxCode } from '../../fixtures/portal';
import { expect, test } from '../../fixtures/stack';
import { BE_URL, LU_URL } from '../../playwright.config';

/*
 * The onboarding owned by the gateway (docs/flows.md, "Onboarding") with
 * JavaScript off: every step a server-drawn page whose form the gateway
 * answers with a 303 to the next step, or the page again with the refusal at
 * its field; Back is a button of each form.
 */

test.use({ javaScriptEnabled: false });

const VARIANTS = [
  {
    variant: 'be',
    url: BE_URL,
    label: 'Card number',
    entry: '5065 0000 0000 0001',
    email: 'nina.nojs@example.be',
    phone: '0470 12 12 12',
    e164: '+32470121212',
  },
  {
    variant: 'lu',
    url: LU_URL,
    label: 'Activation code',
    entry: 'LU-ACT-0001',
    email: 'luc.nojs@example.lu',
    phone: '621 121 212',
    e164: '+352621121212',
  },
] as const;

for (const { variant, url, label, entry, email, phone, e164 } of VARIANTS) {
  test(`${variant}: onboarding by card ends on the drawn dashboard`, async ({ page, request }) => {
    await page.goto(`${url}/onboarding`);
    await page.getByLabel(label, { exact: true }).fill(entry);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${url}/onboarding/create`);
    // The terms refused at their field, the names typed kept.
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Family name').fill('Noscript');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/^Terms and privacy must be accepted/)).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Nora');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByLabel('I accept the privacy policy').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${url}/onboarding/email-verification`);
    // Back, and on again: the details as given.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(`${url}/onboarding/create`);
    await expect(page.getByLabel('Family name')).toHaveValue('Noscript');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('E-mail address', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await expect(
      page.getByText(`We sent an 8-digit code to ${email}. Enter it below.`),
    ).toBeVisible();
    await page.getByLabel('Verification code').fill('00000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('The code is invalid.');
    await page.getByLabel('Verification code').fill(await outboxCode(request, email, variant));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(`${url}/onboarding/phone-verification`);
    await page.getByLabel('Mobile phone number', { exact: true }).fill(phone);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('Verification code').fill(await outboxCode(request, e164, variant));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(`${url}/onboarding/password`);
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the new password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create my account' }).click();

    await expect(page).toHaveURL(`${url}/onboarding/confirmation`);
    await expect(page.getByRole('heading', { name: 'Your card is activated' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to my account' }).click();
    await expect(page).toHaveURL(`${url}/user/dashboard`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Nora');
  });
}

test('a step out of turn is sent to the step the journey is at', async ({ page }) => {
  await page.goto('/onboarding/password');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000001');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/onboarding\/create$/);
  await page.goto('/onboarding/password');
  await expect(page).toHaveURL(/\/onboarding\/create$/);
  // An old link to a screen folded into the steps goes there too.
  await page.goto('/onboarding-mfa');
  await expect(page).toHaveURL(/\/onboarding\/create$/);
});
