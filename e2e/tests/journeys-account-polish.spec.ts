import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../fixtures/login';
import { portalCall, signInAs } from './account-helpers';
import { reviewer } from './screenshots';

/**
 * The signed-in half of the journeys at the anchors' level: messages that tell
 * the truth, Notifications as a page, one list row, authenticator setup on a
 * phone, consent like Google's, dates and places in the page's locale. Each
 * changed screen is checked by axe and photographed at 375 and 1280 px in
 * English, French and Dutch (e2e/artifacts/screenshots/polish-*.png).
 */

const review = reviewer('polish');
// Each screen is checked and photographed six times (three languages, two widths).
test.describe.configure({ timeout: 180_000 });
const LANGUAGES = ['en', 'fr', 'nl'] as const;
type Language = (typeof LANGUAGES)[number];

async function speak(page: Page, language: Language) {
  const res = await portalCall(page, '/api/user', { method: 'PATCH', body: { language } });
  expect(res.status).toBe(200);
}

/** The screen at `path` in each language, once `ready` says it is drawn: axe, then photographs. */
async function reviewInEachLanguage(
  page: Page,
  path: string,
  what: string,
  ready: (page: Page) => Promise<void>,
) {
  for (const language of LANGUAGES) {
    await speak(page, language);
    await page.goto(path);
    await ready(page);
    await review(page, `${what} ${language}`);
  }
  await speak(page, 'en');
}

const CALLBACK = 'http://127.0.0.1:5555/callback';
const authorize = `/authorize?${new URLSearchParams({
  client_id: '101',
  redirect_uri: CALLBACK,
  response_type: 'code',
  scope: 'user balance',
  state: 'xyz',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
})}`;

test('a new password equal to the current one is refused as such, not as a wrong current password', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await speak(page, 'en');
  await page.goto('/security/edit-password');
  await page.getByLabel('Current password').fill(DEMO_PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Repeat the new password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your new password is the same as your current one. Choose a different one.'),
  ).toBeVisible();
  await expect(page.getByText('Your current password is incorrect.')).toHaveCount(0);
  await expect(page.getByLabel('Current password')).not.toHaveAttribute('aria-invalid', 'true');
  await review(page, 'edit password same as current en');
});

test('Notifications is a page with its own heading, title and current-page mark', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await speak(page, 'en');
  await page.goto('/user/dashboard');
  const nav = page.getByRole('navigation', { name: 'Account menu' });
  await nav.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  await expect(page).toHaveTitle(/^Notifications – /);
  await expect(page.getByRole('switch', { name: /new device/ })).toBeVisible();
  await reviewInEachLanguage(page, '/user/notifications', 'notifications', (p) =>
    expect(p.getByRole('switch')).toBeEnabled(),
  );
});

test('authenticator setup works on a phone: an app link, the key in groups of four, a Copy button', async ({
  page,
  login,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login('employee@example.be', { via: 'api' });
  await speak(page, 'en');
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
  await reviewInEachLanguage(page, '/setup-mfa/totp', 'authenticator setup', (p) =>
    expect(p.locator('img.qr')).toBeVisible(),
  );
});

test('consent shows the app and its site, the account with "Not you?", then "It will be able to:" right before the list; Access says when it was allowed and used', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api' });
  await speak(page, 'en');
  await page.goto(authorize);
  const list = page.getByRole('list', { name: 'Requested permissions' });
  await expect(list).toBeVisible();
  // Directly before the list: what it introduces, not the app's site.
  expect(await list.evaluate((el) => el.previousElementSibling?.textContent?.trim() ?? '')).toBe(
    'It will be able to:',
  );
  const order = await page
    .locator('main')
    .evaluate((main) =>
      ['Partner Shop', 'Site of the app', 'Logged in as', 'It will be able to:'].map((text) =>
        main.textContent ? main.textContent.indexOf(text) : -1,
      ),
    );
  expect(order.every((at) => at >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await expect(page.getByRole('button', { name: /^Not you\?/ })).toBeVisible();
  await reviewInEachLanguage(page, authorize, 'consent', (p) =>
    expect(p.getByRole('list').last()).toBeVisible(),
  );

  await page.goto(authorize);
  // Allowed: the browser leaves for the partner's callback, answered here for the partner.
  await page.route(`${CALLBACK}**`, (route) => route.fulfill({ body: 'Partner Shop' }));
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  await page.goto('/user/access');
  const app = page.getByRole('listitem', { name: 'Partner Shop' });
  // The partner has not exchanged its code yet: allowed today, not used yet.
  await expect(app).toContainText(/Allowed on \d{1,2} [A-Z][a-z]+ \d{4} · not used yet/);
  await reviewInEachLanguage(page, '/user/access', 'access', (p) =>
    expect(p.locator('.list-row')).toHaveCount(1),
  );

  // A toast belongs to its page: leaving it closes the toast, it covers nothing elsewhere.
  await page.goto('/user/access');
  await page.getByRole('button', { name: 'Revoke access for Partner Shop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  const toast = page.getByText('Access for Partner Shop has been revoked.');
  await expect(toast).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Account menu' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(toast).toHaveCount(0);
});

test('sessions of the same device and browser are one row, this device first, and the others of the group log out together', async ({
  page,
  browser,
  request,
  login,
}) => {
  const other = await browser.newPage();
  await signInAs(other, request, 'employee@example.be');
  await login('employee@example.be', { via: 'api' });
  await speak(page, 'en');
  await page.goto('/security/history');
  const devices = page.getByRole('list', { name: 'Devices and sessions' });
  const first = devices.getByRole('listitem').first();
  await expect(first).toContainText('This device');
  await expect(first).toContainText(/2 sessions/);
  // One Chromium on one computer: one row, not three alike.
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await reviewInEachLanguage(page, '/security/history', 'devices and sessions', (p) =>
    expect(p.getByRole('listitem').first()).toBeVisible(),
  );
  await page.goto('/security/history');
  await first.getByRole('button', { name: 'Log out the others' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText(/^You have been logged out from /)).toBeVisible();
  await expect(first).not.toContainText(/\d sessions/);
  await other.close();
});

test('dates and places follow the page locale: "Brussel, België" in Dutch, "Bruxelles, Belgique" in French, day first in English', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  const devices = page.getByRole('list').first();
  await speak(page, 'nl');
  await page.goto('/security/history');
  await expect(page.getByRole('list', { name: 'Apparaten en sessies' })).toContainText(
    'Brussel, België',
  );
  await speak(page, 'fr');
  await page.goto('/security/history');
  await expect(page.getByRole('list', { name: 'Appareils et sessions' })).toContainText(
    'Bruxelles, Belgique',
  );
  await speak(page, 'en');
  await page.goto('/security/history');
  const sessions = page.getByRole('list', { name: 'Devices and sessions' });
  await expect(sessions).toContainText('Brussels, Belgium');
  await expect(sessions).toContainText(/Last active \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
  await expect(devices).toBeVisible();
});

test('Security calls the method asked first what it is, not "Primary"', async ({ page, login }) => {
  await login('employee@example.be', { via: 'api' });
  await speak(page, 'en');
  await page.goto('/security');
  const methods = page.getByRole('list', { name: 'Verification methods' });
  await expect(methods).toContainText('Asked first at login');
  await expect(methods.getByText('Primary', { exact: true })).toHaveCount(0);
  await reviewInEachLanguage(page, '/security', 'security', (p) =>
    expect(p.locator('.badge-brand').first()).toBeVisible(),
  );
});

test('a disabled Delete says why on a phone, in words on the page', async ({ page, login }) => {
  await login('employee@example.be', { via: 'api' });
  await speak(page, 'en');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/profile/edit-credentials');
  const phones = page.getByRole('region', { name: 'Phone numbers', exact: true });
  const remove = phones.getByRole('button', { name: 'Delete +32 470 00 00 01' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await expect(phones.getByText('At least one phone number must remain.')).toBeVisible();
  await reviewInEachLanguage(page, '/profile/edit-credentials', 'edit credentials', (p) =>
    expect(p.getByRole('region').first()).toBeVisible(),
  );
});

test('the forced setup lets the user replace an outdated phone number', async ({
  page,
  request,
  login,
}) => {
  await login('forced@example.be');
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await speak(page, 'en');
  await page.reload();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Send a code' }).click();
  // A complete code goes by itself (docs/journeys-signin.md).
  await page.getByLabel('Verification code').fill(await outboxCode(request, 'forced@example.be'));
  await expect(page.getByRole('heading', { name: 'Step 2: your phone number' })).toBeVisible();
  await page.getByRole('button', { name: 'This is not my number any more' }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0470 12 34 56');
  await review(page, 'forced setup other number en');
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByText(/^We sent an 8-digit code to \+32\s470\s12\s34\s56/)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470123456'));
  await expect(page.getByRole('heading', { name: 'Your account is protected' })).toBeVisible();
});
