import type { Page } from '@playwright/test';
import { type Account, enterCredentials, expect, test } from '../../fixtures/login';
import { screenshotter } from '../../fixtures/screenshots';
import { LU_URL } from '../../playwright.config';

/**
 * What the person typed in this visit shows in full; everything else is
 * masked one way (`e•••e@example.be`, `+352 6•••01`), the same on every
 * screen (docs/journeys-signin.md#masked-addresses-and-numbers).
 */

const shoot = screenshotter('masking');

/** Signs in with the password on `origin`'s page for `kind`; the primary method's code screen opens. */
async function passwordToCodeScreen(
  page: Page,
  origin: string,
  kind: 'email' | 'phone',
  login: string | Account,
) {
  await enterCredentials(page, login, { origin, kind });
  await page.waitForURL((url) => url.pathname === '/mfa');
}

/** "Use another method": the list of methods. */
async function openMethodList(page: Page) {
  await page.locator('a[href="/mfa/methods"]').last().click();
  await page.waitForURL((url) => url.pathname === '/mfa/methods');
}

test('Luxembourg: the method list keeps the whole +352 of a masked number; the address typed shows in full', async ({
  page,
  account,
}) => {
  const marie = await account('marie@example.lu');
  // Her number masked: the whole country code, the first digit, the last two.
  const number = new RegExp(`\\+352\\s6•••${marie.phone.slice(-2)}$`);
  await passwordToCodeScreen(page, LU_URL, 'email', marie);
  // The primary method (e-mail) went to the address just typed: named in full.
  await expect(page.locator('main p').filter({ hasText: marie.email })).toBeVisible();
  await shoot(page, 'code-screen-typed-address');

  await openMethodList(page);
  await expect(page.getByRole('button', { name: marie.email })).toBeVisible();
  await expect(page.getByRole('button', { name: number })).toBeVisible();
  await expect(page.getByText(/\+35\*/)).toHaveCount(0);
  await shoot(page, 'method-list-lu');

  await page.getByRole('button', { name: number }).click();
  await page.waitForURL((url) => url.pathname === '/mfa');
  await expect(
    page.locator('main p').filter({ hasText: new RegExp(number.source.slice(0, -1)) }),
  ).toBeVisible();
  await shoot(page, 'code-screen-masked-number');
});

// Marie's own number, read and not changed. A number typed as the country writes it, sent
// before the app had the page (a plain form), once reached the flow as typed and was shown
// masked; the gateway now keeps every number in E.164 (gateway/src/flows/sign-in.test.ts).
test('Luxembourg, by phone: the number typed shows in full, the address masked', async ({
  page,
}) => {
  await passwordToCodeScreen(page, LU_URL, 'phone', '621 000 001');
  await expect(page.locator('main p').filter({ hasText: /m•••e@example\.lu/ })).toBeVisible();
  await openMethodList(page);
  await expect(page.getByRole('button', { name: /\+352\s621\s000\s001$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /m•••e@example\.lu$/ })).toBeVisible();
  await shoot(page, 'method-list-typed-number');
});

test('the same address is masked identically on the forgot-username answer and the code screen', async ({
  page,
}) => {
  await page.goto('/forgot-username');
  // The page is drawn by the server first: the choice takes once its script runs.
  const byNrn = page.getByRole('radio', { name: 'With my national register number' });
  await expect(async () => {
    await byNrn.click();
    await expect(page.getByRole('textbox', { name: 'National register number' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
  await page.getByRole('textbox', { name: 'National register number' }).fill('85073100130');
  await page.getByRole('button', { name: 'Find my username' }).click();
  const listed = page.getByRole('listitem').filter({ hasText: /@example\.be$/ });
  await expect(listed).toHaveText('e•••e@example.be');
  const onAnswer = (await listed.textContent()) ?? '';

  // Signed in by phone, the e-mail code's screen names the same address, masked the same way.
  await passwordToCodeScreen(page, '', 'phone', '0470 00 00 01');
  await expect(
    page.getByText(`We sent an 8-digit code to ${onAnswer}. Enter it below.`),
  ).toBeVisible();
  await openMethodList(page);
  await expect(page.getByRole('button', { name: `E-mail ${onAnswer}` })).toBeVisible();
});
