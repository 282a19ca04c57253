import { languageSwitcher, rememberLanguageCookie } from '../../fixtures/language';
import {
  DEMO_PASSWORD,
  enterCredentials,
  expect,
  submitSignIn,
  test,
  trustThisBrowser,
} from '../../fixtures/login';
import { LU_URL } from '../../playwright.config';

/** The e-mail sign-in page: e-mail and password, the page's titles, the password shown on demand. */

test('signs in with e-mail and password, greets the user and signs out', async ({
  page,
  context,
  request,
  account,
}) => {
  // Emma's account has MFA; from a device trusted earlier the password is enough.
  const me = await account();
  await trustThisBrowser(page, request, me);
  await page.goto('/login/email');
  await submitSignIn(page, me);

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
  account,
}) => {
  const emma = await account();
  await page.goto('/login/email');
  // Typed at once, while the page's script is still on its way.
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.locator('#login-username').fill(emma.login);
  await expect(languageSwitcher(page)).toBeVisible();
  await expect(page.locator('#login-password')).toHaveValue(DEMO_PASSWORD);
  await expect(page.locator('#login-username')).toHaveValue(emma.login);
});

test('the password can be shown before it is sent, by mouse or keyboard, and hidden again', async ({
  page,
}) => {
  await page.goto('/login/email');
  const password = page.getByLabel('Password');
  await password.fill(DEMO_PASSWORD);
  await expect(password).toHaveAttribute('type', 'password');
  // The toggle comes after the page, named in the page's language.
  const toggle = page.getByRole('button', { name: 'Show password' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue(DEMO_PASSWORD);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  // From the field, Tab reaches the toggle; Space hides the password again.
  await password.focus();
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'password');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  // In French, on the Luxembourg portal: its name is in French too.
  // The language a visitor chose: the `lang` cookie, which the server reads too.
  await rememberLanguageCookie(page, LU_URL, 'fr');
  await page.goto(`${LU_URL}/login/email`);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Afficher le mot de passe' }).click();
  await expect(page.getByLabel('Mot de passe')).toHaveAttribute('type', 'text');
});

test('the administration has its own sign-in title', async ({ page }) => {
  await page.goto(`/login/email?redirect_uri=${encodeURIComponent('https://admin.example.be/cb')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to the administration');
});

test('the screen after a sign-in comes straight, not through the dashboard', async ({
  page,
  account,
}) => {
  // Every address the tab shows, same-document changes included.
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    const path = new URL(frame.url()).pathname;
    if (frame === page.mainFrame() && shown.at(-1) !== path) shown.push(path);
  });
  // A customer without a second factor is offered to set one up (docs/product.md part 4).
  await enterCredentials(page, await account('customer@example.be'));
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(shown.slice(shown.indexOf('/login/email'))).toEqual(['/login/email', '/setup-mfa']);
});
