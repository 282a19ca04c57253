import { languageSwitcher } from '../fixtures/language';
import { trustThisBrowser } from '../fixtures/mfa';
import { DEMO_PASSWORD, expect, test } from '../fixtures/stack';

test('signs in with e-mail and password, greets the user and signs out', async ({
  page,
  context,
  request,
}) => {
  // employee@example.be has MFA; from a device trusted earlier the password is enough.
  await trustThisBrowser(page, request, 'employee@example.be');
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // Emma's profile language is Dutch: the portal switches to it once she is signed in.
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).not.toContain('access_token');

  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  expect((await context.cookies()).find((c) => c.name === 'access_token')).toBeUndefined();
  await page.goto('/user/dashboard');
  await expect(page).toHaveURL(/\/login\/email\?target=%2Fuser%2Fdashboard$/);
});

test('what is typed as soon as the form shows stays while the rest of the page loads', async ({
  page,
}) => {
  await page.goto('/login/email');
  // Typed at once, while the page's script is still on its way.
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('#login-username').fill('employee@example.be');
  await expect(languageSwitcher(page)).toBeVisible();
  await expect(page.locator('#login-password')).toHaveValue(DEMO_PASSWORD);
  await expect(page.locator('#login-username')).toHaveValue('employee@example.be');
});

test('a wrong password shows the spec message', async ({ page }) => {
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    /^E-mail address or password is incorrect\./,
  );
  await expect(page).toHaveURL(/\/login\/email$/);
});

test('trust is bound to the httpOnly device cookie: a copied X-Device-ID still asks for MFA', async ({
  page,
  context,
  browser,
  request,
}) => {
  await trustThisBrowser(page, request, 'employee@example.be');
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
    await elsewhere.getByLabel('E-mail address').fill('employee@example.be');
    await elsewhere.getByLabel('Password').fill(DEMO_PASSWORD);
    await elsewhere.getByRole('button', { name: 'Log in' }).click();
    await expect(elsewhere).toHaveURL(/\/mfa\/methods\?/);
  } finally {
    await other.close();
  }

  // The trusted browser itself still signs in by password alone.
  await page.goto('/login/email');
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
