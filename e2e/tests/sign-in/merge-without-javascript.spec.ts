import { type Account, DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';

/*
 * The duplicate merge (docs/flows.md, "Duplicate merge") with JavaScript off:
 * the gateway draws each page from the merge's flow and takes its forms (the
 * proposal, the proof, the code to the other account on the sign-in's own
 * pages, the decision), answering 303 to the next page.
 */

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  /** This test's own copies of both accounts (the merge changes them). */
  let dana: Account;
  test.beforeEach(async ({ page, request, account }) => {
    dana = await account('duplicate@example.be');
    await page.goto('/login/email');
    await page.getByLabel('E-mail address').fill(dana.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill(await outboxCode(request, dana.email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/duplicated$/);
    await expect(page.getByRole('heading', { name: 'Is this account yours too?' })).toBeVisible();
  });

  test('the card proves the other account (a wrong one said at its field), then they merge', async ({
    page,
  }) => {
    await page.getByRole('link', { name: 'Yes, it is mine' }).click();
    // The native radio under its drawn card (the card's label takes the pointer).
    await page
      .getByRole('radio', { name: 'With the card number of that account' })
      .check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/duplicated\?step=card$/);
    await page.getByLabel('Card number', { exact: true }).fill('5065000000000001');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('The information you provided is invalid.');
    await page.getByLabel('Card number', { exact: true }).fill(dana.duplicate_cards[0] ?? '');
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByRole('heading', { name: 'Merge your accounts?' })).toBeVisible();
    await page.getByRole('button', { name: 'Merge the accounts' }).click();
    await expect(page).toHaveURL(/\/fuzzion-success/);
  });

  test('a code to the other account, on the sign-in’s pages, proves it; then they stay apart', async ({
    page,
    request,
  }) => {
    await page.getByRole('link', { name: 'Yes, it is mine' }).click();
    // Confirmed by e-mail at sign-in: the code is the proof offered first.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/mfa\/methods$/);
    await page.getByRole('button', { name: /^E-mail\s*d•••\w@example\.be/ }).click();
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill('00000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
    await page
      .getByLabel('Verification code')
      .fill(await outboxCode(request, dana.duplicate_of ?? ''));
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page).toHaveURL(/\/duplicated$/);
    await page.getByRole('button', { name: 'Keep them apart' }).click();
    await expect(page).toHaveURL(/\/fuzzion-success\?outcome=declined/);
  });

  test('"Ignore for now" goes on to the dashboard', async ({ page }) => {
    await page.getByRole('button', { name: 'Ignore for now' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });
});
