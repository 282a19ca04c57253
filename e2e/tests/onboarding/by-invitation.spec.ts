import {
  acceptTerms,
  enterCode,
  finishOnboarding,
  PASSWORD,
  startWithInvitation,
  toDetailsWithInvitation,
} from '../../fixtures/onboarding';
import { outboxCode } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { expect, test } from '../../fixtures/stack';

/** Onboarding with an invitation code: an account without a card. */

const review = reviewer('onboarding');

test('invitation code WELCOME2026 creates an account without a card', async ({ page, request }) => {
  await startWithInvitation(page);
  await review(page, 'code');
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await finishOnboarding(page, request, {
    email: { personal: 'ivy.invited@example.be', choice: false },
    phone: '0470 33 44 55',
  });
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await review(page, 'confirmation, code only');

  // The code is used up.
  await page.getByRole('button', { name: 'Go to my account' }).click();
  await page.getByRole('button', { name: /Log out|Afmelden/ }).click();
  await expect(page).toHaveURL(/\/login\/email/);
  await startWithInvitation(page);
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is invalid.');
});

test('the invitation-code onboarding never speaks of a card and does not give the code away', async ({
  page,
}) => {
  await startWithInvitation(page);
  await expect(page.getByText('Step 1 of 5 · Your invitation', { exact: true })).toBeVisible();
  // Its own words (the other way to start, by card, is a link below).
  await expect(page.getByRole('main').locator('form')).not.toContainText('card');
  await expect(page.getByRole('main')).not.toContainText('WELCOME2026');
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'What is your name?' })).toBeVisible();
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Family name').fill('Invited');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Terms and privacy must be accepted to create your account.',
  );
  await expect(page.getByRole('main')).not.toContainText('to use the card');
  await expect(page.getByRole('main')).not.toContainText('To use your card');
});

test('the onboarding asks first and family name; the dashboard greets the new user by name', async ({
  page,
  request,
}) => {
  await toDetailsWithInvitation(page);
  await acceptTerms(page);

  await expect(page.getByRole('heading', { name: 'What is your name?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Family name').fill('Invited');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('E-mail address', { exact: true }).fill('ivy.named@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/We sent an 8-digit code to/)).toBeVisible();
  await enterCode(page, await outboxCode(request, 'ivy.named@example.be'));
  await page.getByLabel('Mobile phone number', { exact: true }).fill('0470 66 77 88');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByText(/by text message to/)).toBeVisible();
  await enterCode(page, await outboxCode(request, '+32470667788'));
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the new password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Welcome|Welkom), Ivy$/);
  await expect(page.getByRole('banner')).toContainText('Ivy');
});
