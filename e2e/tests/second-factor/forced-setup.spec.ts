import { inEnglish } from '../../fixtures/account';
import { chooseLanguage } from '../../fixtures/language';
import { expect, outboxCode, test } from '../../fixtures/login';
import { expectInformalDutch, reviewer } from '../../fixtures/screenshots';

/** Setting up two-step verification after the sign-in: forced for some accounts, skippable for customers. */

const review = reviewer('polish');

test('forced MFA: forced@example.be confirms the intro, sets up e-mail and phone, then reaches the platform', async ({
  page,
  request,
  login,
  account,
}) => {
  const finn = await account('forced@example.be');
  // Through the sign-in pages: the forced-MFA redirect follows the sign-in.
  await login(finn);
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await expect(page.getByRole('heading', { name: 'Protect your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skip for now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Step 1: your e-mail address' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByText(/^We sent an 8-digit code to /)).toBeVisible();
  // The code field takes the cursor as the code goes out, and keeps it after a wrong code.
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.getByLabel('Verification code').fill('00000000');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await page.getByLabel('Verification code').fill(await outboxCode(request, finn.email));

  await expect(page.getByRole('heading', { name: 'Step 2: your phone number' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByText(/^We sent an 8-digit code to /)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, finn.phone));

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

test('the forced setup lets the user replace an outdated phone number', async ({
  page,
  request,
  login,
  account,
}) => {
  const finn = await account('forced@example.be');
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await login(finn);
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await inEnglish(page);
  await page.reload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send a code' }).click();
  // The outbox is read once the page says the code went (before, it could be read too soon).
  await expect(page.getByText(/^We sent an 8-digit code to /)).toBeVisible();
  // A complete code goes by itself (docs/journeys-signin.md).
  await page.getByLabel('Verification code').fill(await outboxCode(request, finn.email));
  await expect(page.getByRole('heading', { name: 'Step 2: your phone number' })).toBeVisible();
  await page.getByRole('button', { name: 'This is not my number any more' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0470 12 34 56');
  await review(page, 'forced setup other number en');
  // The same step in French and Dutch: the header's switcher changes the words in place,
  // and what was typed stays.
  for (const [name, language, heading] of [
    ['Français', 'fr', /^Étape 2/],
    ['Nederlands', 'nl', /^Stap 2/],
  ] as const) {
    await chooseLanguage(page, name);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('main input[type=tel]')).toHaveValue('0470 12 34 56');
    await review(page, `forced setup other number ${language}`);
    if (language === 'nl') await expectInformalDutch(page, 'forced setup other number');
  }
  await chooseLanguage(page, 'English');
  await expect(page.getByRole('heading', { name: 'Step 2: your phone number' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByText(/^We sent an 8-digit code to \+32\s470\s12\s34\s56/)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470123456'));
  await expect(page.getByRole('heading', { name: 'Your account is protected' })).toBeVisible();
});
