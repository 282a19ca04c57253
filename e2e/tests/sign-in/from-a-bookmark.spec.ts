import { expect, outboxCode, submitSignIn, test } from '../../fixtures/login';

/*
 * A signed-out visit to a page that needs a session (a bookmark of
 * /security, a link in an e-mail) is answered by the gateway with a redirect
 * into the sign-in, the page as its target (docs/flows.md, "Pages that need
 * a session"): no app shell first, and the sign-in ends there.
 */

test('a signed-out bookmark of /security is sent into the sign-in by the gateway and lands on /security', async ({
  page,
  request,
  account,
}) => {
  const emma = await account();
  const response = await page.goto('/security');
  // The server's redirect, before any of the app arrived.
  const first = response?.request().redirectedFrom();
  expect(first?.url()).toMatch(/\/security$/);
  expect((await first?.response())?.status()).toBe(302);
  await expect(page).toHaveURL(/\/login\/email\?target=%2Fsecurity$/);

  await submitSignIn(page, emma);
  await expect(page).toHaveURL(/\/mfa$/);
  // A complete code sends itself.
  await page.getByLabel('Verification code').fill(await outboxCode(request, emma.email));
  await expect(page).toHaveURL(/\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('/profile and /user/access are sent into the drawn sign-in, their address kept as the target', async ({
    page,
  }) => {
    for (const path of ['/profile', '/user/access']) {
      await page.goto(path);
      await expect(page).toHaveURL(
        new RegExp(`/login/email\\?target=${encodeURIComponent(path)}$`),
      );
      await expect(page.getByLabel('E-mail address')).toBeVisible();
    }
  });
});
