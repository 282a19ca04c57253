import { expect, nextTotpCode, submitSignIn, test, totpCode } from '../../fixtures/login';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';

/** The authenticator app: set up from its QR code or its key on a phone, then a way in; its redirect screen. */

const review = reviewer('polish');

test('sets up an authenticator app from the QR page, then signs in with its code', async ({
  page,
  request,
  browser,
  login,
}) => {
  const emma = await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/setup-mfa/selection');
  await page.getByRole('link', { name: /Authenticator app/ }).click();

  await expect(page).toHaveURL(/\/setup-mfa\/totp$/);
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  // The page opens at its top (the steps first), the code field below; a complete code goes by itself.
  await expect(page.getByLabel('6-digit code')).not.toBeFocused();
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
  // Added beside the e-mail, which stays asked first: the page says so, and offers the switch.
  await expect(page.getByText(`E-mail ${emma.email} stays your default method`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use the app by default' })).toBeVisible();

  // Another browser: the password, then the app's code.
  const other = await browser.newPage();
  await other.goto('/login/email');
  await submitSignIn(other, emma);
  // E-mail stays the primary method: the app is one step away, a complete code goes by itself.
  await other.getByRole('link', { name: 'Use another method' }).click();
  await other.getByRole('button', { name: /^Authenticator app/ }).click();
  // The setup's code is spent; the app's next one signs in.
  await other.getByLabel('Verification code').fill(await nextTotpCode(request, secret));
  await expect(other).toHaveURL(/\/user\/dashboard$/);
  await other.close();
});

test('authenticator setup works on a phone: an app link, the key in groups of four, a Copy button', async ({
  page,
  login,
  context,
  account,
}) => {
  const emma = await account();
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(emma, { via: 'api', language: 'en' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/setup-mfa/totp');
  const open = page.getByRole('link', { name: 'Open in authenticator app' });
  await expect(open).toHaveAttribute('href', /^otpauth:\/\/totp\//);
  const key = page.getByRole('group', { name: 'Secret key' });
  const groups = await key.locator('span').allTextContents();
  expect(groups.length).toBeGreaterThanOrEqual(4);
  for (const group of groups) expect(group).toMatch(/^[A-Z2-7]{1,4}$/);
  // Never cut off: the whole key fits in its box on a phone.
  expect(await key.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByText('Key copied. Paste it into your authenticator app.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(groups.join(''));
  // The QR code stays, for an authenticator app on another device.
  await expect(
    page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  await reviewInEachLanguage(review, page, '/setup-mfa/totp', 'authenticator setup', (p) =>
    expect(p.locator('img.qr')).toBeVisible(),
  );
});

test('/totp/redirect has a screen and takes the user back', async ({ page, login }) => {
  await login('totp@example.be', { via: 'api', mfa: 'totp', language: 'en' });
  await page.goto('/totp/redirect?redirect=%2Fuser%2Faccess');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/authenticator app/i);
  await expect(page.getByRole('status')).toContainText('Taking you back');
  await expect(page).toHaveURL(/\/user\/access$/, { timeout: 8000 });
});
