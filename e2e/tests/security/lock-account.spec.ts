import type { Page } from '@playwright/test';
import { inEnglish } from '../../fixtures/account';
import { maskedEmail } from '../../fixtures/accounts';
import { expect as baseExpect, enterCredentials, outboxCode, test } from '../../fixtures/login';
import { authorizePath } from '../../fixtures/partner';
import { appTookOver, outboxNotices } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';

/**
 * "Lock my account" (docs/flows.md, "Lock my account"): from the link of a
 * new-device e-mail, opened signed out, one confirmation ends every session
 * of the account (another browser's too) and its app grants; the next
 * sign-in with the right password goes through the reset, then the review
 * of the passkeys and second factors.
 */

// Several sign-ins, a consent and a reset on a shared, loaded machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
const review = reviewer('lockdown');

const NEW_PASSWORD = 'Locked-Then-Reset-2026!';

/** Partner Shop allowed by the account of `page` (consent, then the partner's callback). */
async function allowPartnerShop(page: Page) {
  await page.goto(authorizePath());
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByRole('heading', { name: 'Partner Shop' })).toBeVisible();
}

test('from the new-device e-mail: Lock ends every session and app grant; the next sign-in goes through the reset, then the review', async ({
  page,
  browser,
  login,
  request,
}) => {
  const emma = await login('employee@example.be', { via: 'api', language: 'en' });
  await allowPartnerShop(page);

  // Someone else signs in from another browser: the owner is e-mailed.
  const elsewhere = await browser.newContext();
  const intruder = await elsewhere.newPage();
  await login(emma, { via: 'api', page: intruder });
  const [alert] = await outboxNotices(request, emma.email);
  if (!alert?.link) throw new Error('no new-device e-mail with a link');
  expect(alert.link).toMatch(/\/lock-account\/link\?token=[\w-]{43}$/);

  // The owner opens it in a browser that is signed in to nothing.
  const mailbox = await browser.newContext({ locale: 'en-GB' });
  const owner = await mailbox.newPage();
  await owner.goto(alert.link);
  // The link's secret left the address at once.
  await expect(owner).toHaveURL(/\/lock-account$/);
  await expect(owner.getByRole('heading', { name: 'Lock your account?' })).toBeVisible();
  await expect(owner.getByText(`Account of Emma (${maskedEmail(emma.email)})`)).toBeVisible();
  await expect(owner.getByText('Apps lose their access to your account.')).toBeVisible();
  await review(owner, 'lock link page');
  await owner.getByRole('button', { name: 'Lock my account' }).click();
  await expect(owner).toHaveURL(/\/lock-account\/done$/);
  await expect(owner.getByRole('heading', { name: 'Your account is locked' })).toBeVisible();
  await review(owner, 'account locked');

  // Every session of the account ended: the other browser's, and the owner's own.
  await intruder.goto('/security');
  await expect(intruder).toHaveURL(/\/login\/email/);
  await page.goto('/user/access');
  await expect(page).toHaveURL(/\/login\/email/);
  // The link is single use.
  await owner.goto(alert.link);
  await expect(
    owner.getByText(/This link was already used: the account is locked\./),
  ).toBeVisible();
  await review(owner, 'used lock link');

  // The right password leads into the reset for that login.
  await enterCredentials(owner, emma);
  await expect(owner).toHaveURL(
    (url) =>
      url.pathname === '/forgot-password/email' &&
      url.search === `?login=${encodeURIComponent(emma.email)}`,
  );
  // The reset journey knows the login already.
  await expect(owner.getByLabel('E-mail address')).toHaveValue(emma.email);
  // The code sending itself is the app's: the reset page is taken over first.
  await appTookOver(owner);
  await owner.getByRole('button', { name: 'Send me a code' }).click();
  // The code is read once it is sent (the outbox holds the sign-ins' codes too); it sends itself.
  await expect(owner.getByRole('heading', { name: 'Check your messages' })).toBeVisible();
  await owner.getByLabel('Verification code').fill(await outboxCode(request, emma.email));
  await owner.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await owner.getByRole('button', { name: 'Save and log in' }).click();

  // Signed in with the new password: the passkeys and second factors come first.
  await expect(owner).toHaveURL(/\/security\/review/);
  await inEnglish(owner);
  await owner.reload();
  await expect(
    owner.getByRole('heading', { name: 'Check your passkeys and verification methods' }),
  ).toBeVisible();
  const methods = owner.getByRole('list', { name: 'Verification methods' });
  await expect(methods.getByRole('listitem')).toHaveCount(2);
  await expect(owner.getByText('No passkey.')).toBeVisible();
  await review(owner, 'review after a lockdown');
  await owner.getByRole('button', { name: 'Looks right' }).click();
  await expect(owner).toHaveURL(/\/user\/dashboard$/);

  // The app grant is gone with the sessions.
  await owner.goto('/user/access');
  await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(owner.getByRole('listitem', { name: 'Partner Shop' })).toHaveCount(0);
  // And the history says what happened.
  await owner.goto('/security/history');
  const history = owner.getByRole('list', { name: 'Security history' });
  await expect(history.getByText('Account locked')).toBeVisible();
  await expect(history.getByText(/from the e-mail link · 2 sessions · 1 app/)).toBeVisible();
  await elsewhere.close();
  await mailbox.close();
});

test('Lock my account on Security: one confirmation, and this session ends too', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/security');
  await page.getByRole('button', { name: 'Lock my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock your account?' });
  await review(page, 'lock confirmation');
  await dialog.getByRole('button', { name: 'Lock my account' }).click();
  await expect(page).toHaveURL(/\/lock-account\/done$/);
  await expect(page.getByRole('heading', { name: 'Your account is locked' })).toBeVisible();
  await page.goto('/security');
  await expect(page).toHaveURL(/\/login\/email/);
});
