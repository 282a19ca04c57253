import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../fixtures/login';
import { mockUrl } from '../fixtures/stack';
import { BE_URL } from '../playwright.config';
import { reviewer } from './screenshots';

/**
 * The sign-in journey at the level of the best account pages: straight to
 * the primary method's code, the cursor where the work is, codes sent when
 * complete, wrong passwords said truthfully at the password, the reset
 * followed by a filled-in sign-in without a second code, the partner named
 * on every step (docs/journeys-signin.md).
 */

const review = reviewer('signin-polish');

async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail address').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** What has the focus: its tag, its id or name, and its visible outline. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    return {
      tag: el.tagName,
      name: el.getAttribute('name') ?? el.id,
      outline: getComputedStyle(el).outlineStyle,
    };
  });

async function outboxCount(page: Page, to: string): Promise<number> {
  const res = await page.request.get(`${mockUrl('be')}/__dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

test('after the password the primary method’s code screen opens, the cursor in its field; a complete code signs in', async ({
  page,
}) => {
  await page.goto('/login/email');
  await submitLogin(page, 'employee@example.be');
  await expect(page).toHaveURL(/\/mfa\?isLogin=true$/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  // One hint for one kind of code.
  await expect(code).toHaveAccessibleDescription('8-digit code');

  // A wrong code: said under the field, the cursor stays in it (never on <body>).
  await code.pressSequentially('00000000');
  await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await expect(code).toBeFocused();
  // Typed over (the refused code is selected): the right one goes by itself.
  await code.pressSequentially(await outboxCode(page.request, 'employee@example.be'));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('the authenticator app as primary: nothing is sent, its 6-digit field opens; other methods are rows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const before = await outboxCount(page, 'totp@example.be');
  await page.goto('/login/email');
  await submitLogin(page, 'totp@example.be');
  await expect(page.getByRole('heading', { name: 'Open your authenticator app' })).toBeVisible();
  const code = page.getByLabel('Verification code');
  await expect(code).toBeFocused();
  await expect(code).toHaveAccessibleDescription('6-digit code');
  expect(await outboxCount(page, 'totp@example.be')).toBe(before);
  await review(page, 'code screen, authenticator app (en)');

  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page).toHaveURL(/\/mfa\/methods\?.*choose=true/);
  const rows = page.getByRole('list', { name: 'Confirm it is you' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  // Each row: icon, title, the target (the address typed to sign in: in full) or what the
  // method asks, a chevron.
  await expect(rows.first().locator('.list-row-icon svg')).toBeVisible();
  await expect(rows.first().locator('.list-row-chevron')).toBeVisible();
  await expect(page.getByRole('button', { name: /^E-mail\s*totp@example\.be$/ })).toBeVisible();
  await review(page, 'method choice (en)');

  await page.getByRole('button', { name: /^E-mail/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByLabel('Verification code')).toBeFocused();
  await review(page, 'code screen, e-mail (en)');
});

test('"Send a new code" puts the cursor back in the code field', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login/email');
  await submitLogin(page, 'employee@example.be');
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
  }) => {
    test.setTimeout(120_000);
    // The language a visitor chose: the `lang` cookie, which the server reads too.
    await page.context().addCookies([{ name: 'lang', value: language, url: BE_URL }]);
    await page.goto('/login/email');
    await page.locator('#login-username').fill('employee@example.be');
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.locator('#login-password').press('Enter');
    await expect(page).toHaveURL(/\/mfa\?isLogin=true$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('input[name=code]')).toBeFocused();
    await review(page, `code screen, e-mail (${language})`);
    await page.locator('a[href*="choose=true"]').last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(methods);
    await expect(page.locator('.list-row')).toHaveCount(2);
    await review(page, `method choice (${language})`);
  });
}

test('a wrong password is said at the emptied password field, then the tries left; unknown logins alike', async ({
  page,
}) => {
  for (const login of ['customer@example.be', 'nobody.here@example.be']) {
    await page.goto('/login/email');
    const password = page.getByLabel('Password');
    await submitLogin(page, login, 'wrong-1');
    await expect(password).toHaveAccessibleDescription('E-mail address or password is incorrect.');
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(page.getByLabel('E-mail address')).toHaveValue(login);
    await password.fill('wrong-2');
    await password.press('Enter');
    await expect(password).toHaveAccessibleDescription(
      'E-mail address or password is incorrect. 3 more wrong tries and logging in pauses for 15 minutes.',
    );
    if (login.startsWith('customer')) await review(page, 'wrong password with tries left (en)');
  }
});

test('after a reset by e-mail the sign-in page has the address and asks for no second code', async ({
  page,
}) => {
  await page.goto('/forgot-password/email');
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await page
    .getByLabel('Verification code')
    .fill(await outboxCode(page.request, 'employee@example.be'));
  await page.getByRole('button', { name: 'Continue' }).click();
  const fresh = 'Brand-New-Password-8';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat the new password').fill(fresh);
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page).toHaveURL(/\/reset-password-confirmed$/);
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();

  await expect(page.getByLabel('E-mail address')).toHaveValue('employee@example.be');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByLabel('Password').fill(fresh);
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('focus on a route change: a form page’s first field, otherwise the heading without a ring', async ({
  page,
  login,
}) => {
  await page.goto('/login/email');
  // The first page: its form's first field, no ring around the heading.
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', name: 'username' });
  await page.getByRole('link', { name: 'Forgot your username?' }).click();
  await expect(page).toHaveURL(/\/forgot-username$/);
  await expect.poll(() => focused(page).then((f) => f?.tag)).toBe('INPUT');

  await login('employee@example.be', { via: 'api' });
  await page.goto('/user/dashboard');
  await page
    .getByRole('navigation', { name: /Account menu|Accountmenu/ })
    .getByRole('link')
    .nth(1)
    .click();
  await expect.poll(() => focused(page)).toMatchObject({ tag: 'H1', outline: 'none' });
});

test('a partner’s sign-in names the partner on the code step too', async ({ page }) => {
  const authorize = `/authorize?${new URLSearchParams({
    client_id: '101',
    redirect_uri: 'http://127.0.0.1:5555/callback',
    response_type: 'code',
    scope: 'user balance',
    state: 'xyz',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })}`;
  await page.goto(authorize);
  await expect(page).toHaveURL(/\/login\/email\?/);
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
  await submitLogin(page, 'partner@example.be');
  await expect(page).toHaveURL(/\/mfa\?isLogin=true/);
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
});
