import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { appTookOver, letRecentCheckLapse } from '../../fixtures/portal';
import { acmeInvitation } from '../../fixtures/sso';

/**
 * Open redirect, the whole class (docs/security.md, V10.4.1; issue 40): a
 * target the portal is handed is resolved and checked on the server, and the
 * browser leaves only for what the gateway answered. `/.//127.0.0.1:3399/x`
 * resolves to the path `//127.0.0.1:3399/x`, which a raw-string check let
 * through and a browser reads as another host.
 */

const HOSTILE = '/.//127.0.0.1:3399/x';

/** Fails the test if the tab ever asks for the other host. */
function watchLeaving(page: Page): () => string[] {
  const left: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).host === '127.0.0.1:3399') left.push(r.url());
  });
  return () => left;
}

test('a workplace login started with a hostile target never leaves the portal', async ({
  page,
  request,
  account,
}) => {
  const sara = await account('sso@acme.example');
  const left = watchLeaving(page);
  await page.goto(`/login/email?target=${encodeURIComponent(HOSTILE)}`);
  // The workplace invitation is the app's: the page is taken over first.
  await appTookOver(page);
  await page.getByLabel('E-mail address').fill(sara.login);
  await page.getByRole('button', { name: 'Log in' }).click();
  await acmeInvitation(page).getByRole('button', { name: 'Log in with Microsoft' }).click();

  // Not linked yet: link the existing account, with its second factor.
  await expect(page).toHaveURL(/\/partner\/link-existing$/);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Link my account' }).click();
  await expect(page).toHaveURL(/\/mfa$/);
  await page.getByLabel('Verification code').fill(await outboxCode(request, sara.email));
  await expect(page.getByRole('heading', { name: 'Your account is linked' })).toBeVisible();
  // link-success moves on after 3 seconds: the gateway refused the target, so the dashboard.
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 6_000 });
  await expect(page.getByRole('heading', { name: 'Welcome, Sara' })).toBeVisible();

  // Linked: the next workplace sign-in with the same target lands on the dashboard too.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(`/login/email?target=${encodeURIComponent(HOSTILE)}`);
  // The workplace invitation is the app's: the page is taken over first.
  await appTookOver(page);
  await page.getByLabel('E-mail address').fill(sara.login);
  await page.getByRole('button', { name: 'Log in' }).click();
  await acmeInvitation(page).getByRole('button', { name: 'Log in with Microsoft' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Sara' })).toBeVisible();
  expect(left()).toEqual([]);
});

test('Cancel on a step-up and Continue after MFA setup link only where the gateway allowed', async ({
  page,
  request,
  login,
  account,
}) => {
  const emma = await account();
  const left = watchLeaving(page);
  // Emma reads the portal in Dutch; her sign-in's recent check has lapsed.
  await login(emma, { via: 'api' });
  await letRecentCheckLapse(request);
  for (const target of [HOSTILE, '/%2e//127.0.0.1:3399/x', '/a/..//127.0.0.1:3399/x']) {
    // An old step-up link: the gateway folds it into its step-up flow, the target checked there.
    await page.goto(`/mfa/methods?single=true&redirect=${encodeURIComponent(target)}`);
    await expect(page).toHaveURL(/\/mfa$/);
    const cancel = page.getByRole('link', { name: 'Annuleren' });
    await expect(cancel).toHaveAttribute('href', '/user/dashboard');

    await page.goto(`/setup-mfa/success?redirect=${encodeURIComponent(target)}`);
    await expect(page.getByRole('link', { name: 'Naar het dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Doorgaan' })).toHaveCount(0);
    await expect(page.locator('a[href*="127.0.0.1:3399"]')).toHaveCount(0);
  }
  // A target of the portal is kept, as the gateway normalised it.
  await page.goto(`/setup-mfa/success?redirect=${encodeURIComponent('/a/../user/access')}`);
  await expect(page.getByRole('link', { name: 'Doorgaan' })).toHaveAttribute(
    'href',
    '/user/access',
  );
  expect(left()).toEqual([]);
});
