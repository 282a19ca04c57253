import type { Page } from '@playwright/test';
import {
  type Account,
  enterCredentials,
  expect,
  outboxCode,
  submitSignIn,
  test,
} from '../../fixtures/login';
import { outboxMessages } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { BE_URL } from '../../playwright.config';

/**
 * The code screen after the password: straight to the primary method's code,
 * the cursor in its field, a complete code sent by itself, the resend's
 * countdown, the other methods one link away (docs/journeys-signin.md).
 */

const review = reviewer('signin-polish');

/** How many messages the mock's outbox holds for `to`. */
const outboxCount = async (page: Page, to: string) =>
  (await outboxMessages(page.request, to)).length;

/**
 * Emma's password on the e-mail sign-in page: the primary method (e-mail)
 * starts at once, its code screen, no choice to make. Its code field.
 */
async function passwordToEmailCode(page: Page, emma: Account) {
  await page.goto('/login/email');
  await submitSignIn(page, emma);
  await expect(page).toHaveURL(/\/mfa$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  return page.getByLabel('Verification code');
}

test('e-mail code from the outbox signs in and lands on the dashboard in the user language', async ({
  page,
  request,
  account,
}) => {
  const emma = await account();
  const code = await passwordToEmailCode(page, emma);
  // Letters and digits only, at most 8 for an e-mail code; a complete code goes by itself.
  await code.fill('12-34 56789');
  await expect(code).toHaveValue('12345678');
  await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await code.fill('1');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');

  await code.fill(await outboxCode(request, emma.email));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
});

test('SMS code from the outbox; the resend waits 15 s first, then 30 s', async ({
  page,
  request,
  account,
}) => {
  const emma = await account();
  await page.clock.install();
  await page.goto('/login/email');
  await submitSignIn(page, emma);
  await page.getByRole('link', { name: 'Use another method' }).click();
  await page.getByRole('button', { name: /^Text message/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const resend = page.getByRole('button', { name: 'Send a new code' });
  await expect(resend).toBeDisabled();
  await expect(page.getByText('You can ask for a new code in 15 s')).toBeVisible();
  await page.clock.runFor(15_000);
  await expect(resend).toBeEnabled();
  await resend.click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  await expect(page.getByText('You can ask for a new code in 30 s')).toBeVisible();
  await expect(resend).toBeDisabled();

  await page.getByLabel('Verification code').fill(await outboxCode(request, emma.phone));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('after the password the primary method’s code screen opens, the cursor in its field; a complete code signs in', async ({
  page,
  account,
}) => {
  const emma = await account();
  const code = await passwordToEmailCode(page, emma);
  await expect(code).toBeFocused();
  // One hint for one kind of code.
  await expect(code).toHaveAccessibleDescription('8-digit code');

  // A wrong code: said under the field, the cursor stays in it (never on <body>).
  await code.pressSequentially('00000000');
  await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await expect(code).toBeFocused();
  // Typed over (the refused code is selected): the right one goes by itself.
  await code.pressSequentially(await outboxCode(page.request, emma.email));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('the authenticator app as primary: nothing is sent, its 6-digit field opens; other methods are rows', async ({
  page,
  account,
}) => {
  const tom = await account('totp@example.be');
  test.setTimeout(120_000);
  const before = await outboxCount(page, tom.email);
  await page.goto('/login/email');
  await submitSignIn(page, tom);
  await expect(page.getByRole('heading', { name: 'Open your authenticator app' })).toBeVisible();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription('6-digit code');
  expect(await outboxCount(page, tom.email)).toBe(before);
  await review(page, 'code screen, authenticator app (en)');

  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page).toHaveURL(/\/mfa\/methods$/);
  const rows = page.getByRole('list', { name: 'Confirm it is you' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // Each row: icon, title, the target (the address typed to sign in: in full) or what the
  // method asks, a chevron.
  await expect(rows.first().locator('.list-row-icon svg')).toBeVisible();
  await expect(rows.first().locator('.list-row-chevron')).toBeVisible();
  await expect(page.getByRole('button', { name: `E-mail ${tom.email}` })).toBeVisible();
  await review(page, 'method choice (en)');

  await page.getByRole('button', { name: /^E-mail/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await review(page, 'code screen, e-mail (en)');
});

test('"Send a new code" puts the cursor back in the code field', async ({ page, account }) => {
  const emma = await account();
  await page.clock.install();
  await page.goto('/login/email');
  await submitSignIn(page, emma);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.clock.runFor(15_000);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText('A new code is on its way.')).toBeVisible();
  await expect(page.getByLabel('Verification code')).toBeFocused();
});

for (const [language, heading, methods] of [
  ['fr', 'Consultez vos e-mails', 'Confirmez qu’il s’agit bien de vous'],
  ['nl', 'Bekijk je e-mail', 'Bevestig dat jij het bent'],
] as const) {
  test(`the code screen and the method rows in ${language}, at 375 and 1280 px`, async ({
    page,
    account,
  }) => {
    const emma = await account();
    test.setTimeout(120_000);
    // The language a visitor chose: the `lang` cookie, which the server reads too.
    await page.context().addCookies([{ name: 'lang', value: language, url: BE_URL }]);
    await enterCredentials(page, emma);
    await expect(page).toHaveURL(/\/mfa$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('input[name=code]')).toBeFocused();
    await review(page, `code screen, e-mail (${language})`);
    await page.locator('a[href="/mfa/methods"]').last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(methods);
    await expect(page.locator('.list-row')).toHaveCount(2);
    await review(page, `method choice (${language})`);
  });
}
