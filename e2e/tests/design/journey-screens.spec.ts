import { DEMO_PASSWORD, expect, test } from '../../fixtures/login';
import { appTookOver, outboxCode } from '../../fixtures/portal';
import { expectInformalDutch, reviewer } from '../../fixtures/screenshots';

/*
 * The sign-in journeys' screens in English, French and Dutch, photographed at
 * 375 and 1280 px and checked by axe (e2e/artifacts/screenshots/journey-*):
 * a wrong password with the tries left, the workplace invitation, "Check your
 * messages" with the address typed in full, and the sign-in prefilled after a
 * reset. The page speaks the language the visitor chose (the `lang` cookie).
 * Each is asserted by what a person sees, through the fields' ids and roles,
 * whatever the language.
 */

const review = reviewer('journey');

for (const language of ['en', 'fr', 'nl'] as const) {
  test(`sign-in journey screens in ${language}`, async ({ page, baseURL, account }) => {
    const emma = await account();
    const sara = await account('sso@acme.example');
    test.setTimeout(90_000);
    await page.context().addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);

    // A wrong password twice (an unknown address, so no account pauses): the tries left, at the field.
    await page.goto('/login/email');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // What is photographed is the app's: the tries left, the invitation, the code sending itself.
    await appTookOver(page);
    await page.locator('#login-username').fill(`nobody.${language}@example.be`);
    for (const wrong of ['wrong-1', 'wrong-2']) {
      await page.locator('#login-password').fill(wrong);
      await page.locator('#login-password').press('Enter');
      await expect(page.locator('#login-password')).toHaveValue('');
      await expect(page.locator('#login-password')).toBeFocused();
    }
    await expect(page.locator('#login-password')).toHaveAccessibleDescription(/3/);
    await review(page, `wrong password with tries left ${language}`);
    if (language === 'nl') await expectInformalDutch(page, 'wrong password');

    // A workplace address: its login is offered once "Log in" is pressed.
    await page.goto('/login/email');
    await appTookOver(page);
    await page.locator('#login-username').fill(sara.login);
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.locator('#login-password').press('Enter');
    const invitation = page.getByRole('dialog');
    await expect(invitation).toContainText('Acme');
    await review(page, `workplace invitation ${language}`);
    if (language === 'nl') await expectInformalDutch(page, 'workplace invitation');

    // Forgot password: "Check your messages" names the address as typed.
    await page.goto('/forgot-password/email');
    await appTookOver(page);
    await page.locator('main input[type=email]').fill(emma.login);
    await page.locator('main input[type=email]').press('Enter');
    await expect(page).toHaveURL(/\/forgot-password-sent$/);
    await expect(page.getByRole('main')).toContainText(emma.email);
    await review(page, `forgot password sent ${language}`);

    // The code (it sends itself when complete), the new password once, and signed in.
    await page.locator('input[name=code]').fill(await outboxCode(page.request, emma.email));
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.locator('main input[name=password]').fill(`Brand-New-Password-${language}8`);
    await review(page, `reset password ${language}`);
    await page.locator('main button[type=submit]').first().click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });
}
