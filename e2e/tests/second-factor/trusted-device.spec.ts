import { expect, submitSignIn, test, totpCode, trustThisBrowser } from '../../fixtures/login';

/** "Trust this device": the next sign-in from this browser skips the code, bound to its httpOnly device cookie (docs/decisions/0001-device-cookie.md). */

test('trust is bound to the httpOnly device cookie: a copied X-Device-ID still asks for MFA', async ({
  page,
  context,
  browser,
  request,
  account,
}) => {
  const emma = await account();
  await trustThisBrowser(page, request, emma);
  const device = (await context.cookies()).find((c) => c.name === 'device');
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('device=');
  const copied = await page.evaluate(() => localStorage.getItem('device-id'));
  expect(copied).toBeTruthy();

  // Another browser, with the trusted browser's X-Device-ID copied into its local storage.
  const other = await browser.newContext();
  try {
    await other.addInitScript((id) => localStorage.setItem('device-id', id ?? ''), copied);
    const elsewhere = await other.newPage();
    await elsewhere.goto('/login/email');
    await submitSignIn(elsewhere, emma);
    // Asked for a code: the primary method's screen (the list it passes through is gone at once).
    await expect(elsewhere).toHaveURL(/\/mfa$/);
    await expect(elsewhere.getByLabel('Verification code')).toBeVisible();
  } finally {
    await other.close();
  }

  // The trusted browser itself still signs in by password alone.
  await page.goto('/login/email');
  await submitSignIn(page, emma);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('authenticator app with a trusted device: the second sign-in skips MFA', async ({
  page,
  context,
  request,
  account,
}) => {
  const tom = await account('totp@example.be');
  await page.goto('/login/email');
  await submitSignIn(page, tom);
  // The app is the primary method: nothing is sent, its field is there.
  await expect(page.getByRole('heading', { name: 'Open your authenticator app' })).toBeVisible();
  await page.getByLabel(/Trust this device/).check();
  await page.getByLabel('Verification code').fill(await totpCode(request));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Tom' })).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeUndefined();

  await page.goto('/login/email');
  await submitSignIn(page, tom);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
