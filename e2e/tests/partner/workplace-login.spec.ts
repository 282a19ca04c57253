import { DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { reviewer } from '../../fixtures/screenshots';
import { acmeInvitation, acceptBetaInvitation as startIdpLogin } from '../../fixtures/sso';

/** The workplace (identity-provider) login of a company in the beta programme (docs/flows.md, Workplace link). */

const review = reviewer('partner');

test.describe('identity-provider login for sso@acme.example (company Acme)', () => {
  /** Types the e-mail on the sign-in page; the beta invitation names the company. */
  const acceptBetaInvitation = (page: import('@playwright/test').Page, email: string) =>
    startIdpLogin(page, email, review);

  test('not linked: link the existing account, then linked: signed in by the provider', async ({
    page,
    request,
    account,
  }) => {
    const sara = await account('sso@acme.example');
    await acceptBetaInvitation(page, sara.login);

    // The provider returns to the callback, which offers to link the existing account.
    await expect(page).toHaveURL(/\/partner\/link-existing$/);
    await expect(page.getByRole('heading', { name: 'Link your account' })).toBeVisible();
    await expect(page.getByText(`your Acme workplace login ${sara.email}`)).toBeVisible();
    await expect(page.getByLabel('E-mail address or phone number')).toHaveValue(sara.login);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Link my account' }).click();
    // Said as at sign-in (not "Invalid username/password." on an e-mail field): the
    // password emptied, the cursor in it, described by the message.
    const wrong = 'The e-mail address, phone number or password is incorrect.';
    await expect(page.getByRole('alert')).toHaveText(wrong);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Password')).toBeFocused();
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(wrong);
    await review(page, 'partner link-existing with its error');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Link my account' }).click();

    // The account's second factor before anything is linked: the primary method's
    // code went out at once; a complete code goes by itself.
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill(await outboxCode(request, sara.email));
    await expect(page).toHaveURL(/\/partner\/link-success$/);
    await expect(page.getByRole('heading', { name: 'Your account is linked' })).toBeVisible();
    await review(page, 'partner link-success');
    // After 3 seconds, on to the dashboard (no other target was asked for).
    await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: 'Welcome, Sara' })).toBeVisible();

    // Linked now: the next identity-provider login signs in at once.
    await page.getByRole('button', { name: 'Log out' }).click();
    await acceptBetaInvitation(page, sara.login);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Sara' })).toBeVisible();
  });

  test('the invitation waits for Log in, and says what the first time asks', async ({
    page,
    account,
  }) => {
    const sara = await account('sso@acme.example');
    await page.goto('/login/email');
    const email = page.getByLabel('E-mail address');
    await email.fill(sara.login);
    // Leaving the address for the password opens nothing: the password is typed undisturbed.
    await email.press('Tab');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toBeFocused();
    await password.pressSequentially(DEMO_PASSWORD);
    await expect(password).toHaveValue(DEMO_PASSWORD);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Log in with a workplace address: its login is offered, truthfully.
    await page.getByRole('button', { name: 'Log in' }).click();
    const dialog = acmeInvitation(page);
    await expect(dialog).toHaveText(
      /Acme takes part in our beta programme: you can log in with the account you use at work\. The first time, you link the two once, with the password of your account here and a verification code; after that, your work account is all you need\./,
    );
    await expect(dialog).not.toContainText('no separate password');
    await expect(dialog.getByRole('button', { name: 'Log in with Microsoft' })).toBeVisible();
    await review(page, 'beta invitation on Log in');

    // Turned down: the sign-in goes on with the password typed.
    await dialog.getByRole('button', { name: 'Continue with my password' }).click();
    await expect(page).toHaveURL(/\/mfa$/);
  });

  test('no account: the options are offered', async ({ page }) => {
    await acceptBetaInvitation(page, 'new.colleague@acme.example');
    await expect(page).toHaveURL(/\/partner\/no-account$/);
    await expect(page.getByRole('heading', { name: 'No account found' })).toBeVisible();
    await expect(page.getByText(/no account for new\.colleague@acme\.example yet/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Become a customer/ })).toBeVisible();
    await review(page, 'partner no-account');
    await page.getByRole('link', { name: /Link an account/ }).click();
    await expect(page.getByRole('heading', { name: 'Link your account' })).toBeVisible();
    await expect(page.getByLabel('E-mail address or phone number')).toHaveValue('');
    await page.goto('/partner/no-account');
    await page.getByRole('link', { name: /Activate my card/ }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test('a callback this browser did not start is refused', async ({ page }) => {
    await page.goto('/sso/microsoft/login/callback?code=forged-code&state=forged-state');
    await expect(page.getByRole('alert')).toHaveText(
      'The log in with your workplace account did not work. Please try again.',
    );
    await review(page, 'sso callback failure');
  });
});
