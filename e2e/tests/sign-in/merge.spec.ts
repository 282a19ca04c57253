import { type Account, expect, outboxCode, submitSignIn, test } from '../../fixtures/login';
import { reviewer } from '../../fixtures/screenshots';

const review = reviewer('fuzzion');

/**
 * duplicate@example.be signs in through the pages (e-mail code from the
 * outbox); confirming MFA finds dana.willems@example.be, a similar username of
 * another account, and hands over to the merge screen.
 */
let dana: Account;
test.beforeEach(async ({ page, login }) => {
  // Copies of both accounts, this test's own (the merge changes them).
  dana = await login('duplicate@example.be');
  // The merge is the gateway's flow: nothing of it (payload, method, target) in the address.
  await expect(page).toHaveURL(/\/duplicated$/);
  await expect(page.getByRole('heading', { name: 'Is this account yours too?' })).toBeVisible();
  await expect(
    page.getByText(/similar username: d•••\w@example\.be, in the client area/),
  ).toBeVisible();
});

test('accept: proven by a code to the other account, the accounts are merged', async ({
  page,
  request,
}) => {
  await review(page, 'duplicated');
  await page.getByRole('link', { name: 'Yes, it is mine' }).click();
  await review(page, 'duplicated, proof choice');
  await page.getByLabel(/code sent to the e-mail address or phone/).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The code step: the sign-in's MFA screens, with the other account's methods (masked),
  // read from the flow: no list or contact in the address.
  await expect(page).toHaveURL(/\/mfa\/methods$/);
  await page.getByRole('button', { name: /^E-mail\s*d•••\w@example\.be/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  // A complete code goes by itself.
  await page.getByLabel('Verification code').fill('00000000');
  await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');
  await page
    .getByLabel('Verification code')
    .fill(await outboxCode(request, dana.duplicate_of ?? ''));

  await expect(page).toHaveURL(/\/duplicated/);
  await expect(page.getByRole('heading', { name: 'Merge your accounts?' })).toBeVisible();
  await review(page, 'duplicated, merge or decline');
  await page.getByRole('button', { name: 'Merge the accounts' }).click();

  await expect(page).toHaveURL(/\/fuzzion-success/);
  await expect(page.getByRole('heading', { name: 'Your accounts are merged' })).toBeVisible();
  await review(page, 'fuzzion-success');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // One account: its profile lists both e-mail addresses.
  await page.goto('/profile');
  await expect(page.getByText(dana.duplicate_of ?? '')).toBeVisible();
  await expect(page.getByText(dana.email).first()).toBeVisible();
});

test('decline: proven by the card number, the accounts stay apart', async ({ page }) => {
  await page.getByRole('link', { name: 'Yes, it is mine' }).click();
  await page.getByLabel('With the card number of that account').check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(
    page.getByRole('heading', { name: 'Confirm that the account is yours' }),
  ).toBeVisible();
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000001');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('The information you provided is invalid.');
  await review(page, 'duplicated, card proof with its error');
  await page.getByLabel('Card number', { exact: true }).fill(dana.duplicate_cards[0] ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await page.getByRole('button', { name: 'Keep them apart' }).click();
  await expect(page).toHaveURL(/\/fuzzion-success\?outcome=declined/);
  await expect(page.getByRole('heading', { name: 'Your accounts stay apart' })).toBeVisible();
  await review(page, 'fuzzion-success, declined');

  // The similar username left the other account: it no longer signs in.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await submitSignIn(page, dana.duplicate_of ?? '');
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    /^E-mail address or password is incorrect\./,
  );
});

test('"Ignore for now" goes on to the dashboard; the merge comes back at the next sign-in', async ({
  page,
  login,
}) => {
  await page.getByRole('button', { name: 'Ignore for now' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.getByRole('button', { name: 'Log out' }).click();
  await login(dana);
  await expect(page).toHaveURL(/\/duplicated$/);
});

test('a merge that is gone shows the technical error page', async ({ page }) => {
  // The merge's flow is gone (expired, or over in another tab).
  await page.context().clearCookies({ name: 'flow' });
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'The accounts could not be merged' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'A technical error occurred during the merging of the accounts. Try again later.',
  );
  await review(page, 'duplicated, technical error');
  await page.getByRole('link', { name: 'Continue to my account' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
