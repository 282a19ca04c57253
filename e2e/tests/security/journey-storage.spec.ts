import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, outboxCode, submitSignIn, test } from '../../fixtures/login';
import {
  appTookOver,
  handoverToken,
  keptInTheBrowser,
  letRecentCheckLapse,
} from '../../fixtures/portal';
import { acceptBetaInvitation } from '../../fixtures/sso';

/**
 * Issue 40: the journeys are the gateway's flows (docs/decisions/0011-journeys-owned-by-the-gateway.md).
 * After each one the browser keeps what it kept before it: the device id and the
 * account's language (its first-paint copy), nothing of the journey (no payload,
 * method, target or contact), in local or session storage. Every address it
 * passed through holds no contact or method list either.
 */

/** Every address the tab shows, as it goes. */
function addressesOf(page: Page): string[] {
  const shown: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) shown.push(decodeURIComponent(frame.url()));
  });
  return shown;
}

async function expectNothingOfTheJourney(page: Page, shown: string[], language: string) {
  const storage = await keptInTheBrowser(page);
  // A language picked during the visit is the only thing session storage may keep.
  expect(Object.keys(storage.session).filter((key) => key !== 'visit_language')).toEqual([]);
  expect(Object.keys(storage.local).sort()).toEqual(['account', 'device-id']);
  expect(JSON.parse(storage.local.account ?? '{}')).toEqual({ language });
  for (const address of shown) {
    expect(address).not.toMatch(/methods=|isLogin|payload|@|\+32/);
  }
}

test('weak password replaced: nothing of the journey is kept', async ({
  page,
  request,
  account,
}) => {
  const wout = await account('weak@example.be');
  const shown = addressesOf(page);
  await page.goto('/login/email?target=%2Fprofile');
  await submitSignIn(page, wout);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, wout.email));
  await expect(page).toHaveURL(/\/weak-password\?verified=true&target=%2Fprofile$/);
  await page.getByLabel('New password', { exact: true }).fill('A-much-better-one-2026');
  await page.getByLabel('Repeat the new password').fill('A-much-better-one-2026');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNothingOfTheJourney(page, shown, 'en');
});

test('address-hash hand-over: nothing of the link is kept', async ({ page, request, account }) => {
  // Chloé's app hands her over (a customer without a second factor: offered one first).
  const chloe = await account('customer@example.be');
  const token = await handoverToken(request, chloe.login);
  const shown = addressesOf(page);
  await page.goto(`/user/access#token=${token}&origin-app=mobile-app`);
  await page.getByRole('button', { name: 'Continue as Chloé' }).click();
  // The target is the set-up's flow's: no address keeps it.
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await page.getByRole('button', { name: 'Passer pour le moment' }).click();
  await expect(page).toHaveURL(/\/user\/access$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The token itself is never in an address the page keeps, nor in storage.
  expect(shown.at(-1)).not.toContain(token);
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(kept).not.toContain(token);
  await expectNothingOfTheJourney(page, shown, 'fr');
});

test('workplace login linked with its second factor: nothing of it is kept', async ({
  page,
  request,
  account,
}) => {
  const sara = await account('sso@acme.example');
  const shown = addressesOf(page);
  await acceptBetaInvitation(page, sara.login);
  await expect(page).toHaveURL(/\/partner\/link-existing$/);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Link my account' }).click();
  await expect(page).toHaveURL(/\/mfa$/);
  await page.getByLabel('Verification code').fill(await outboxCode(request, sara.email));
  await expect(page).toHaveURL(/\/partner\/link-success$/);
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 6_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The provider's own page is the mock's: only the portal's addresses are held to the rule.
  const portal = new URL(page.url()).origin;
  await expectNothingOfTheJourney(
    page,
    shown.filter((address) => address.startsWith(portal)),
    'en',
  );
});

test('step-up done: nothing of the check is kept', async ({ page, request, login }) => {
  const emma = await login('employee@example.be', { via: 'api' });
  await letRecentCheckLapse(request);
  const shown = addressesOf(page);
  await page.goto('/security/edit-password');
  await expect(page).toHaveURL(/\/mfa$/);
  // A reload of the code screen is drawn from the gateway's flow: nothing of it in the browser.
  await page.reload();
  await expect(page.getByLabel('Verificatiecode')).toBeVisible();
  // The code sending itself is the app's: the reloaded page is taken over first.
  await appTookOver(page);
  await page.getByLabel('Verificatiecode').fill(await outboxCode(request, emma.email));
  await expect(page).toHaveURL(/\/security\/edit-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNothingOfTheJourney(page, shown, 'nl');
});

test('duplicate merge proven by a code: nothing of the merge is kept', async ({
  page,
  request,
  login,
}) => {
  const shown = addressesOf(page);
  const dana = await login('duplicate@example.be');
  await expect(page).toHaveURL(/\/duplicated$/);
  await page.getByRole('link', { name: 'Yes, it is mine' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/mfa\/methods$/);
  await page.getByRole('button', { name: /^E-mail/ }).click();
  await page
    .getByLabel('Verification code')
    .fill(await outboxCode(request, dana.duplicate_of ?? ''));
  await expect(page.getByRole('heading', { name: 'Merge your accounts?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep them apart' }).click();
  await expect(page).toHaveURL(/\/fuzzion-success\?outcome=declined/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNothingOfTheJourney(page, shown, 'en');
});

test('MFA set-up by text message: the method waiting for its code survives a reload, stored nowhere in the browser', async ({
  page,
  request,
  login,
}) => {
  const tom = await login('totp@example.be', { via: 'api', language: 'en' });
  const shown = addressesOf(page);
  await page.goto('/setup-mfa/phone');
  await expect(page.getByRole('heading', { name: 'Codes by text message' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a code' }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  // The set-up's flow is the gateway's: a reload of the confirmation still has it.
  await page.reload();
  await expect(page.getByText(/We sent an 8-digit code to/)).toBeVisible();
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
  await page.getByLabel('Verification code').fill(await outboxCode(request, tom.phone));
  await expect(page.getByRole('heading', { name: 'Two-step verification is on' })).toBeVisible();
  await expectNothingOfTheJourney(page, shown, 'en');
});
