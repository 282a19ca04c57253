import type { Page } from '@playwright/test';
import { chooseLanguage } from '../fixtures/language';
import { outboxCode } from '../fixtures/mfa';
import { expect, test } from '../fixtures/stack';
import { LU_URL } from '../playwright.config';

/** Issue 15, item 1: the onboarding journeys that were wrong. */

const PASSWORD = 'New-Account-2026!';

async function startWithInvitation(page: Page) {
  await page.goto('/onboarding');
  await page.getByRole('link', { name: /With an invitation code/ }).click();
  await expect(page.getByRole('heading', { name: 'Enter your invitation code' })).toBeVisible();
}

test('the invitation-code onboarding never speaks of a card and does not give the code away', async ({
  page,
}) => {
  await startWithInvitation(page);
  await expect(page.getByText('Step 1 of 7 · Your invitation', { exact: true })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('card');
  await expect(page.getByRole('main')).not.toContainText('WELCOME2026');
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Terms and privacy must be accepted to create your account.',
  );
  await expect(page.getByRole('main')).not.toContainText('to use the card');
  await expect(page.getByRole('main')).not.toContainText('To use your card');
});

test('the terms and the privacy policy are linked, open apart, and the onboarding stays', async ({
  page,
  context,
}) => {
  await startWithInvitation(page);
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('I accept the terms and conditions').check();

  for (const [link, title] of [
    ['Read the terms and conditions', 'Terms and conditions'],
    ['Read the privacy policy', 'Privacy policy'],
  ] as const) {
    const [doc] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: new RegExp(`^${link}`) }).click(),
    ]);
    await expect(doc.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(doc.getByText(/^Placeholder text: /)).toContainText('Example Vouchers Belgium SA');
    await doc.close();
  }
  // The onboarding is where it was, the ticked box still ticked.
  await expect(page).toHaveURL(/\/onboarding\/terms-conditions$/);
  await expect(page.getByLabel('I accept the terms and conditions')).toBeChecked();
});

for (const [variant, origin, provider] of [
  ['be', '', 'Example Vouchers Belgique SA'],
  ['lu', LU_URL, 'Example Vouchers Luxembourg SA'],
] as const) {
  test(`${variant}: the legal documents are served per variant and language`, async ({ page }) => {
    await page.goto(`${origin}/login/email`);
    await chooseLanguage(page, 'Français');
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr(-LU)?$/);
    await page.goto(`${origin}/legal/terms`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Conditions générales' }),
    ).toBeVisible();
    await expect(page.getByText(/^Texte provisoire : /)).toContainText(provider);
    await page.goto(`${origin}/legal/privacy`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' }),
    ).toBeVisible();
  });
}

test('the onboarding asks first and family name; the dashboard greets the new user by name', async ({
  page,
  request,
}) => {
  await startWithInvitation(page);
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'What is your name?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Family name').fill('Invited');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('E-mail address', { exact: true }).fill('ivy.named@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/We sent an 8-digit code to/)).toBeVisible();
  await page
    .getByLabel('Verification code')
    .fill(await outboxCode(request, 'ivy.named@example.be'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('Mobile phone number', { exact: true }).fill('0470 66 77 88');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/by text message to/)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470667788'));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Welcome|Welkom), Ivy$/);
  await expect(page.getByRole('banner')).toContainText('Ivy');
});
