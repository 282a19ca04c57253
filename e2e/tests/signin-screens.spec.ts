import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../fixtures/login';
import { LU_URL } from '../playwright.config';
import { screenshotter } from './screenshots';

/**
 * A screenshot of each sign-in screen, phone-sized (375 px) and desktop-sized
 * (1280 px), kept as test artefacts in e2e/artifacts/screenshots/. Each shot
 * also checks that nothing overflows sideways at 375 px.
 */
const shoot = screenshotter('signin');

/** The sign-in page as a person sees it once it has settled: its passkey button and password toggle load after it. */
async function settledSignIn(page: Page) {
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
}

test('sign-in and recovery screens', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto('/login/email');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await settledSignIn(page);
  await shoot(page, 'login-email');
  await page.goto('/login/phone');
  await expect(page.getByRole('button', { name: /Country code/ })).toBeVisible();
  await shoot(page, 'login-phone');
  await page.goto(`/login/email?redirect_uri=${encodeURIComponent('https://client.example.be/x')}`);
  await expect(page.getByRole('heading', { name: 'Log in to your client area' })).toBeVisible();
  await settledSignIn(page);
  await shoot(page, 'login-client-area');

  await page.goto('/forgot-password/email');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await shoot(page, 'forgot-password-email');
  await page.goto('/forgot-password/phone');
  await shoot(page, 'forgot-password-phone');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0470000001');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  await shoot(page, 'forgot-password-sent');
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470000001'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await shoot(page, 'reset-password');
  await page.getByLabel('New password', { exact: true }).fill('Another-Good-One-42');
  await page.getByLabel('Repeat the new password').fill('Another-Good-One-42');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await shoot(page, 'reset-password-confirmed');

  await page.goto('/forgot-username');
  await shoot(page, 'forgot-username');
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000003');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByRole('heading', { name: 'Your username' })).toBeVisible();
  await shoot(page, 'forgot-username-response');

  await page.goto('/maintenance');
  await expect(page.getByRole('heading', { name: 'Onderhoud' })).toBeVisible();
  await shoot(page, 'maintenance');

  await page.goto(`${LU_URL}/login/email`);
  await settledSignIn(page);
  await shoot(page, 'lu-login-email');
});

test('MFA screens, weak password and dashboard', async ({ page, login }) => {
  test.setTimeout(90_000);
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill('totp@example.be');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The authenticator app is Tom's primary method: its code screen comes straight away.
  await expect(page.getByRole('heading', { name: 'Open your authenticator app' })).toBeVisible();
  await page.getByLabel('Verification code').fill('000000');
  await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await shoot(page, 'mfa-code-totp-wrong');
  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await shoot(page, 'mfa-methods');
  await page.getByRole('button', { name: /^E-mail/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await shoot(page, 'mfa-code-email');
  await page.getByRole('link', { name: 'Use another method' }).click();
  await page.getByRole('button', { name: /^Recovery key/ }).click();
  await page.getByLabel('Recovery key', { exact: true }).fill('RECOVERY02');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'You used a recovery key' })).toBeVisible();
  await shoot(page, 'totp-recovery');
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Tom' })).toBeVisible();
  await shoot(page, 'dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);

  await login('weak@example.be');
  await expect(page.getByRole('heading', { name: 'Choose a stronger password' })).toBeVisible();
  await shoot(page, 'weak-password');
});
