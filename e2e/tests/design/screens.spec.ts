import type { Page } from '@playwright/test';
import { nationalNumber } from '../../fixtures/accounts';
import { expect, outboxCode, submitSignIn, test } from '../../fixtures/login';
import { authorizePath } from '../../fixtures/partner';
import { appTookOver, letRecentCheckLapse } from '../../fixtures/portal';
import { screenshotter } from '../../fixtures/screenshots';
import { LU_URL } from '../../playwright.config';

/**
 * Screenshots of the screens, phone-sized (375 px) and desktop-sized
 * (1280 px), kept as test artefacts in e2e/artifacts/screenshots/. Each shot
 * also checks that nothing overflows sideways at 375 px.
 */
const shootSignIn = screenshotter('signin');
const shootJourneys = screenshotter('journeys');

/** The sign-in page as a person sees it once it has settled: its passkey button and password toggle load after it. */
async function settledSignIn(page: Page) {
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show password' })).toBeVisible();
}

test('sign-in and recovery screens', async ({ page, request, account }) => {
  const emma = await account();
  test.setTimeout(90_000);
  await page.goto('/login/email');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await settledSignIn(page);
  await shootSignIn(page, 'login-email');
  await page.goto('/login/phone');
  await expect(page.getByRole('button', { name: /Country code/ })).toBeVisible();
  await shootSignIn(page, 'login-phone');
  await page.goto(`/login/email?redirect_uri=${encodeURIComponent('https://client.example.be/x')}`);
  await expect(page.getByRole('heading', { name: 'Log in to your client area' })).toBeVisible();
  await settledSignIn(page);
  await shootSignIn(page, 'login-client-area');

  await page.goto('/forgot-password/email');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await shootSignIn(page, 'forgot-password-email');
  await page.goto('/forgot-password/phone');
  await shootSignIn(page, 'forgot-password-phone');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(nationalNumber(emma.phone));
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  await shootSignIn(page, 'forgot-password-sent');
  // A complete code sends itself.
  await page.getByLabel('Verification code').fill(await outboxCode(request, emma.phone));
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await shootSignIn(page, 'reset-password');

  await page.goto('/forgot-username');
  await shootSignIn(page, 'forgot-username');
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000003');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByRole('heading', { name: 'Your username' })).toBeVisible();
  await shootSignIn(page, 'forgot-username-response');

  await page.goto('/maintenance');
  await expect(page.getByRole('heading', { name: 'Onderhoud' })).toBeVisible();
  await shootSignIn(page, 'maintenance');

  await page.goto(`${LU_URL}/login/email`);
  await settledSignIn(page);
  await shootSignIn(page, 'lu-login-email');
});

test('MFA screens, weak password and dashboard', async ({ page, login, account }) => {
  const tom = await account('totp@example.be');
  const wout = await account('weak@example.be');
  test.setTimeout(90_000);
  await page.goto('/login/email');
  await submitSignIn(page, tom);
  // The authenticator app is Tom's primary method: its code screen comes straight away.
  await expect(page.getByRole('heading', { name: 'Open your authenticator app' })).toBeVisible();
  await page.getByLabel('Verification code').fill('000000');
  await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await shootSignIn(page, 'mfa-code-totp-wrong');
  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await shootSignIn(page, 'mfa-methods');
  await page.getByRole('button', { name: /^E-mail/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await shootSignIn(page, 'mfa-code-email');
  await page.getByRole('link', { name: 'Use another method' }).click();
  await page.getByRole('button', { name: /^Recovery key/ }).click();
  await page.getByLabel('Recovery key', { exact: true }).fill('RECOVERY02');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'You used a recovery key' })).toBeVisible();
  await shootSignIn(page, 'totp-recovery');
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Tom' })).toBeVisible();
  await shootSignIn(page, 'dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);

  await login(wout);
  await expect(page.getByRole('heading', { name: 'Choose a stronger password' })).toBeVisible();
  await shootSignIn(page, 'weak-password');
});

test('journeys screens: sign-in errors, recovery, onboarding, legal', async ({ page, account }) => {
  const emma = await account();
  test.setTimeout(120_000);
  // The checks as you type and the code sending itself are the app's: each page is taken over first.
  await page.goto('/login/email');
  await appTookOver(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await shootJourneys(page, 'login-errors');
  await page.goto('/forgot-password/email');
  await appTookOver(page);
  await page.getByLabel('E-mail address').fill(emma.login);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Verification code').fill('12345678');
  await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  await shootJourneys(page, 'forgot-password-sent');
  await page.goto('/weak-password');
  await shootJourneys(page, 'weak-password-not-verified');
  // The onboarding's steps are reached in order (docs/product.md part 4): from its start.
  await page.goto('/onboarding');
  await appTookOver(page);
  await page.getByRole('link', { name: /With an invitation code/ }).click();
  await shootJourneys(page, 'onboarding-code');
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  // "Your details" with nothing given: the names and the terms each say what is missing.
  await expect(page.getByRole('heading', { name: 'What is your name?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/^Terms and privacy must be accepted/)).toBeVisible();
  await shootJourneys(page, 'onboarding-create-names');
  await page.goto('/legal/terms');
  await shootJourneys(page, 'legal-terms');
});

test('journeys screens: step-up, consent, history, totp redirect', async ({
  page,
  request,
  login,
  account,
}) => {
  const paul = await account('partner@example.be');
  test.setTimeout(120_000);
  await login(paul, { via: 'api', language: 'en' });
  // Let the sign-in's MFA check lapse: the step-up shows.
  await letRecentCheckLapse(request);
  await page.goto('/security/edit-password');
  await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
  await shootJourneys(page, 'step-up-methods');
  await page.goto(authorizePath());
  await expect(page.getByRole('button', { name: 'Refuse' })).toBeVisible();
  await shootJourneys(page, 'consent');
  await page.goto('/security/history');
  await expect(page.getByRole('list', { name: 'Security history' })).toBeVisible();
  await shootJourneys(page, 'history');
  await page.goto('/totp/redirect?redirect=%2Fsecurity');
  await shootJourneys(page, 'totp-redirect');
});
