import { expect, test } from '../fixtures/login';
import { mockUrl } from '../fixtures/stack';
import { inEnglish } from './account-helpers';
import { screenshotter } from './screenshots';

/**
 * Screenshots (375 px and 1280 px) of the screens issue 15's journeys changed,
 * kept in e2e/artifacts/screenshots/; each checks nothing overflows at 375 px.
 */
const shoot = screenshotter('journeys');

test('journeys screens: sign-in errors, recovery, onboarding, legal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login/email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'login-errors');
  await page.goto('/forgot-password/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Verification code').fill('12345678');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Verification code')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'forgot-password-sent');
  await page.goto('/weak-password');
  await shoot(page, 'weak-password-not-verified');
  // The onboarding's steps are reached in order (spec part 4): from its start.
  await page.goto('/onboarding');
  await page.getByRole('link', { name: /With an invitation code/ }).click();
  await shoot(page, 'onboarding-code');
  await page.getByLabel('Invitation code', { exact: true }).fill('WELCOME2026');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await shoot(page, 'onboarding-terms-error');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByLabel('I accept the privacy policy').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'What is your name?' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await shoot(page, 'onboarding-create-names');
  await page.goto('/legal/terms');
  await shoot(page, 'legal-terms');
});

test('journeys screens: step-up, consent, history, totp redirect', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(120_000);
  await login('partner@example.be', { via: 'api' });
  await inEnglish(page);
  // Let the sign-in's MFA check lapse: the step-up shows.
  await request.post(`${mockUrl('be')}/__dev/clock`, { data: { advance_ms: 16 * 60_000 } });
  await page.goto('/security/edit-password');
  await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
  await shoot(page, 'step-up-methods');
  await page.goto(
    `/authorize?${new URLSearchParams({
      client_id: '101',
      redirect_uri: 'http://127.0.0.1:5555/callback',
      response_type: 'code',
      scope: 'user balance',
      state: 'xyz',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`,
  );
  await expect(page.getByRole('button', { name: 'Refuse' })).toBeVisible();
  await shoot(page, 'consent');
  await page.goto('/security/history');
  await expect(page.getByRole('list', { name: 'Security history' })).toBeVisible();
  await shoot(page, 'history');
  await page.goto('/totp/redirect?redirect=%2Fsecurity');
  await shoot(page, 'totp-redirect');
});
