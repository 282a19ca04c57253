import { maskedEmail } from '../../fixtures/accounts';
import { DEMO_PASSWORD, expect, outboxCode, test, trustThisBrowser } from '../../fixtures/login';
import { letRecentCheckLapse } from '../../fixtures/portal';

/**
 * The step-up: a sensitive page or change without a second-factor check in
 * the last 15 minutes asks for one, inside the account pages, with a way
 * back (docs/flows.md, Step-up).
 */

test('the step-up sends edit-password through mfa-methods and back', async ({
  page,
  request,
  login,
}) => {
  const emma = await login('employee@example.be', { via: 'api' });
  // The sign-in's MFA check is recent for 15 minutes: let it lapse.
  await letRecentCheckLapse(request);

  await page.goto('/security/edit-password');
  // Into the gateway's step-up, which sends the primary method's (e-mail) code at once:
  // nothing of the check (no method, no target) in the address.
  await expect(page).toHaveURL(/\/mfa$/);
  // A step-up does not offer to trust the device.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  // Emma's language is Dutch: the portal speaks it once she is signed in.
  await page.getByLabel('Verificatiecode').fill(await outboxCode(request, emma.email));
  await expect(page).toHaveURL(/\/security\/edit-password$/);
});

test('step-up: the sidebar stays, another method can be chosen, and Cancel goes back', async ({
  page,
  request,
  login,
}) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
  // The sign-in's MFA check is recent for 15 minutes: let it lapse.
  await letRecentCheckLapse(request);
  await page.goto('/security');
  await page.getByRole('link', { name: 'Change password' }).click();
  // The primary method's code went out at once (no choice to make first).
  await expect(page).toHaveURL(/\/mfa$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  // The cursor is in the code field, so a phone's keyboard opens; it stays there after a wrong code.
  const field = page.getByLabel('Verification code');
  await expect(field).toBeFocused();
  await expect(page.getByText('8-digit code', { exact: true })).toBeVisible();
  await field.fill('00000000');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(field).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/security$/);

  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page.getByRole('button', { name: /^Text message/ })).toBeVisible();
  await page.getByRole('button', { name: /^Text message/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/security$/);
});

test('a sensitive change without a recent check asks for a code in place and keeps what was typed', async ({
  page,
  request,
  login,
  account,
}) => {
  const emma = await account();
  // A trusted browser signs in by password alone: no recent MFA check.
  await trustThisBrowser(page, request, emma);
  await login(emma);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  await page.goto('/profile');
  const banking = page.getByRole('region', { name: /IBAN|Bank|Bankgegevens/ });
  await banking.getByRole('button').first().click();
  await banking.getByRole('textbox').fill('BE71 0961 2345 6769');
  await banking.locator('button[type="submit"]').click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(banking.getByRole('textbox')).toHaveValue('BE71 0961 2345 6769');
  // The dialog says where the code went once it is sent: only then is it in the outbox
  // (before, the newest code there is the one the trusted sign-in used).
  await expect(dialog.getByText(maskedEmail(emma.email))).toBeVisible();
  // The cursor is in the dialog's code field.
  await expect(dialog.getByRole('textbox')).toBeFocused();
  await dialog.getByRole('textbox').fill(await outboxCode(request, emma.email));
  await dialog.locator('button[type="submit"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(banking.getByText('BE71 0961 2345 6769')).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a step-up link: the code, another method, a wrong code at its field, then the page it was for', async ({
    page,
    request,
    account,
  }) => {
    const emma = await account('employee@example.be', { language: 'en' });
    // Signed in through the drawn forms.
    await page.goto('/login/email');
    await page.getByLabel('E-mail address').fill(emma.login);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill(await outboxCode(request, emma.email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await letRecentCheckLapse(request);

    // Typed or bookmarked (not from another site): the primary method's code is sent at once.
    await page.goto('/step-up?target=/security/edit-password');
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByRole('link', { name: 'Use another method' }).click();
    await expect(page).toHaveURL(/\/mfa\/methods$/);
    await page.getByRole('button', { name: /^Text message/ }).click();
    await expect(page).toHaveURL(/\/mfa$/);
    await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
    await page.getByLabel('Verification code').fill('00000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    // A wrong code is said at its field, on the same page.
    await expect(page.getByText('Your code is invalid, try again.')).toBeVisible();
    await page.getByLabel('Verification code').fill(await outboxCode(request, emma.phone));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/security\/edit-password$/);
  });
});
