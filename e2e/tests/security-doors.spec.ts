import { DEMO_PASSWORD, expect, outboxCode, test } from '../fixtures/login';
import { acceptBetaInvitation } from '../fixtures/sso';
import { mockUrl } from '../fixtures/stack';
import { reviewer } from './screenshots';

/**
 * The side doors to a session (docs/threat-model.md), as a browser meets them:
 * linking a workplace (identity-provider) login to an existing account asks
 * for that account's second factor before anything is linked or any session
 * exists; the link is announced by e-mail and shown under Security, where it
 * can be removed.
 */
const review = reviewer('security-doors');

/** What the page's own session can read of the user: 401 while it has none. */
const userStatus = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => (await fetch('/api/user')).status);

test('linking a workplace login asks for the second factor, is announced, and can be removed', async ({
  page,
  request,
}) => {
  // A whole journey with three screens photographed twice each and checked by axe.
  test.setTimeout(240_000);
  await acceptBetaInvitation(page, 'sso@acme.example');
  await expect(page).toHaveURL(/\/partner\/link-existing$/);
  await expect(
    page.getByText('Then confirm with your second factor, as when you log in.', { exact: false }),
  ).toBeVisible();
  await review(page, 'link-existing');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Link my account' }).click();

  // The password alone links nothing and signs nobody in.
  // Straight to the primary method's code, as at sign-in; a complete code goes by itself.
  await expect(page).toHaveURL(/\/mfa\?.*isLogin=true/);
  expect(await userStatus(page)).toBe(401);
  await page.getByLabel('Verification code').fill('00000000');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await userStatus(page)).toBe(401);

  await page.getByLabel('Verification code').fill(await outboxCode(request, 'sso@acme.example'));
  await expect(page).toHaveURL(/\/partner\/link-success$/);
  await expect(page.getByRole('heading', { name: 'Your account is linked' })).toBeVisible();

  // Announced by e-mail, to the account's own address.
  const outbox = await request.get(`${mockUrl('be')}/__dev/outbox?to=sso@acme.example`);
  const { messages } = (await outbox.json()) as { messages: { subject?: string }[] };
  expect(messages.map((m) => m.subject)).toContain('A workplace login was linked to your account');

  // Security lists the workplace login, with a way to remove it.
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 6_000 });
  await page.goto('/security');
  const panel = page.getByRole('region', { name: 'Workplace login' });
  await expect(panel).toContainText('sso@acme.example');
  await review(page, 'security with a workplace login');
  await panel.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the workplace login?' });
  await expect(dialog).toContainText('sso@acme.example will no longer sign in');
  await review(page, 'remove the workplace login');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('region', { name: 'Workplace login' })).toHaveCount(0);

  // Removed: the workplace login no longer signs in; it offers to link again.
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await acceptBetaInvitation(page, 'sso@acme.example');
  await expect(page).toHaveURL(/\/partner\/link-existing$/);
});
