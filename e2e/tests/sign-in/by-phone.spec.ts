import { nationalNumber } from '../../fixtures/accounts';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { appTookOver } from '../../fixtures/portal';

/** The phone sign-in page: the variant's country code, the number read in it. */

test('signs in by phone: the country code defaults to the variant, the number is read in it', async ({
  page,
  request,
  account,
}) => {
  const emma = await account();
  await page.goto('/login/email');
  // The sign-in these steps drive is the app's (the code sending itself): the page is taken over first.
  await appTookOver(page);
  await page.getByRole('link', { name: 'Log in with your phone number' }).click();
  await expect(page).toHaveURL(/\/login\/phone$/);
  await expect(page.getByRole('button', { name: /Country code/ })).toHaveText('BE +32');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(nationalNumber(emma.phone));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // E-mail is the primary method: the text message is one step away.
  await page.getByRole('link', { name: 'Use another method' }).click();
  await page.getByRole('button', { name: /^Text message/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, emma.phone));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
});

test('a number that is not one is refused before it is sent', async ({ page }) => {
  await page.goto('/login/phone');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('12');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The error belongs to the number's field: said there, and read with it.
  const number = page.getByRole('textbox', { name: 'Phone number' });
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(/The phone number provided is invalid\./);
  await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true');
});
