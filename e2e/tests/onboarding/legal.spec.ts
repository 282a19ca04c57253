import { chooseLanguage } from '../../fixtures/language';
import { toDetailsWithInvitation } from '../../fixtures/onboarding';
import { expect, test } from '../../fixtures/stack';
import { LU_URL } from '../../playwright.config';

/** The terms and the privacy policy: linked from the onboarding, served per variant and language. */

test('the terms and the privacy policy are linked, open apart, and the onboarding stays', async ({
  page,
  context,
}) => {
  await toDetailsWithInvitation(page);
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
  await expect(page).toHaveURL(/\/onboarding\/create$/);
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
