import { expect, test } from '../fixtures/login';
import { mockUrl } from '../fixtures/stack';
import { inEnglish } from './account-helpers';

/** Issue 15, item 1: the step-up starts the primary method, offers the sign-in's other methods, a way back, and keeps the sidebar. */

test('step-up: the sidebar stays, another method can be chosen, and Cancel goes back', async ({
  page,
  request,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  // The sign-in's MFA check is recent for 15 minutes: let it lapse.
  const res = await request.post(`${mockUrl('be')}/__dev/clock`, {
    data: { advance_ms: 16 * 60_000 },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/security');
  await page.getByRole('link', { name: 'Change password' }).click();
  // The primary method's code went out at once (no choice to make first).
  await expect(page).toHaveURL(/\/mfa\?.*single=true/);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/security$/);

  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page.getByRole('button', { name: /^Text message/ })).toBeVisible();
  await page.getByRole('button', { name: /^Text message/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/security$/);
});
