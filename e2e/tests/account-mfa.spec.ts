import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, test } from '../fixtures/login';
import { inEnglish, nextTotpCode, outboxCode, totpCode } from './account-helpers';

/** Signs in through the sign-in pages as a person would, up to the method choice or beyond. */
async function logIn(page: Page, username: string) {
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('sets up an authenticator app from the QR page, then signs in with its code', async ({
  page,
  request,
  browser,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/setup-mfa/selection');
  await page.getByRole('link', { name: /Authenticator app/ }).click();

  await expect(page).toHaveURL(/\/setup-mfa\/totp$/);
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // A complete code goes by itself.
  await page.getByLabel('6-digit code').fill(await totpCode(request, secret));
  await expect(page.getByText('Your authenticator app has been added.')).toBeVisible();
  const keys = page.getByRole('list', { name: 'Recovery keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(10);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as a text file' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-keys.txt');
  await page.getByRole('link', { name: 'I have saved my keys' }).click();
  await expect(page).toHaveURL(/\/setup-totp\/success$/);
  await expect(
    page.getByRole('heading', { name: 'Your authenticator app is ready' }),
  ).toBeVisible();

  // Another browser: the password, then the app's code.
  const other = await browser.newPage();
  await logIn(other, 'employee@example.be');
  // E-mail stays the primary method: the app is one step away, a complete code goes by itself.
  await other.getByRole('link', { name: 'Use another method' }).click();
  await other.getByRole('button', { name: /^Authenticator app/ }).click();
  // The setup's code is spent; the app's next one signs in.
  await other.getByLabel('Verification code').fill(await nextTotpCode(request, secret));
  await expect(other).toHaveURL(/\/user\/dashboard$/);
  await other.close();
});

test('new recovery keys replace the old ones: an old key is refused at sign-in', async ({
  page,
  browser,
  login,
}) => {
  await login('totp@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/security/edit-recovery');
  await expect(page.getByText('10 unused recovery keys')).toBeVisible();
  await page.getByRole('button', { name: 'Generate new keys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate new recovery keys?' });
  await expect(dialog).toContainText('Your old recovery keys will stop working at once.');
  await dialog.getByRole('button', { name: 'Generate new keys' }).click();
  const keys = page.getByRole('list', { name: 'Recovery keys' }).getByRole('listitem');
  await expect(keys).toHaveCount(10);
  const fresh = (await keys.first().textContent())?.trim() ?? '';
  expect(fresh).not.toMatch(/^RECOVERY\d\d$/);

  const other = await browser.newPage();
  await logIn(other, 'totp@example.be');
  await other.getByRole('link', { name: 'Use another method' }).click();
  await other.getByRole('button', { name: /^Recovery key/ }).click();
  await other.getByRole('textbox', { name: 'Recovery key' }).fill('RECOVERY01');
  await other.getByRole('button', { name: 'Confirm' }).click();
  await expect(other.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await other.getByRole('textbox', { name: 'Recovery key' }).fill(fresh);
  await other.getByRole('button', { name: 'Confirm' }).click();
  // Signed in with the new key: the TOTP recovery screen counts the keys left.
  await expect(other).toHaveURL(/\/mfa\/totp-recovery/);
  await expect(other.getByText(/9/)).toBeVisible();
  await other.close();
});

test('forced MFA: forced@example.be confirms the intro, sets up e-mail and phone, then reaches the platform', async ({
  page,
  request,
  login,
}) => {
  // Through the sign-in pages: the forced-MFA redirect follows the sign-in.
  await login('forced@example.be');
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await expect(page.getByRole('heading', { name: 'Protect your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip for now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Step 1: your e-mail address' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByText(/^We sent an 8-digit code to /)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, 'forced@example.be'));

  await expect(page.getByRole('heading', { name: 'Step 2: your phone number' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByText(/^We sent an 8-digit code to /)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470000004'));

  await expect(page.getByRole('heading', { name: 'Your account is protected' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to the platform' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto('/security');
  const methods = page.getByRole('list', { name: 'Verification methods' });
  await expect(methods.getByRole('listitem')).toHaveCount(2);
});

test('a customer with MFA available may skip it (in French, her language)', async ({
  page,
  login,
}) => {
  await login('customer@example.be');
  await expect(page).toHaveURL(/\/setup-mfa/);
  await expect(page.getByRole('heading', { name: 'Protégez votre compte' })).toBeVisible();
  await expect(
    page.getByText('Chaque collaborateur a besoin de son propre compte individuel.'),
  ).toBeVisible();
  await expect(page.getByText(/Ne partagez jamais vos identifiants/)).toBeVisible();
  const banner = page.getByRole('region', { name: 'Vérification en deux étapes' });
  await expect(banner.getByRole('button', { name: 'Activer' })).toBeVisible();
  await banner.getByRole('button', { name: 'Passer pour le moment' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
