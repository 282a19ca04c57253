import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEMO_PASSWORD, expect, test } from '../../fixtures/login';
import { outboxNotices } from '../../fixtures/portal';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';
import { mockUrl } from '../../fixtures/stack';
import { LU_URL } from '../../playwright.config';

/*
 * Your data in your hands (docs/flows.md, "Download your data" and "Ask for
 * deletion"): the copy is a JSON file the browser saves, and a deletion asked
 * for is cancelled by logging in during its grace period.
 */

const review = reviewer('your-data');

test('"Download your data" gives the JSON file of the account, without any secret, and e-mails a notice', async ({
  page,
  login,
  context,
  request,
}) => {
  const emma = await login('employee@example.be', { language: 'en' });
  await page.goto('/profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await review(page, 'profile with your data');
  await yourData.getByRole('link', { name: 'Download your data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Download your data' })).toBeVisible();
  await review(page, 'download your data');

  await page.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(page.getByText(/Your data is ready/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Summary of your profile' }).getByText('Emma Peeters'),
  ).toBeVisible();
  await review(page, 'your data ready');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the file (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const data = JSON.parse(text);
  expect(data.user.email.map((e: { value: string }) => e.value)).toContain(emma.email);
  expect(data.user.iban).toBe('BE68539007547034');
  expect(data.mfa_methods.map((m: { method: string }) => m.method)).toEqual(
    expect.arrayContaining(['email', 'sms']),
  );
  expect(data.history[0]).toMatchObject({ kind: 'data_exported' });
  const session = (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  expect(session).toBeTruthy();
  expect(text).not.toContain(session);
  expect(text).not.toContain(DEMO_PASSWORD);

  const notices = await outboxNotices(request, emma.email);
  expect(notices.map((m) => m.subject)).toContain('A copy of your account data was made');
});

test('a deletion asked for logs out everywhere; logging in again offers to keep the account, which cancels it', async ({
  page,
  login,
  request,
}) => {
  const emma = await login('employee@example.be', { language: 'en' });
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Delete your account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Delete your account' })).toBeVisible();
  // What it means is the account API's to say, in the account's language.
  await expect(page.getByText(/Your meal-voucher cards are unlinked/)).toBeVisible();
  await review(page, 'delete your account');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Tick the box to confirm you understand.')).toBeVisible();
  await page.getByLabel('I understand that my account and its data will be deleted.').check();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account is to be deleted' }),
  ).toBeVisible();
  await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
  await review(page, 'deletion requested');
  expect((await outboxNotices(request, emma.email)).map((m) => m.subject)).toContain(
    'Your account is to be deleted',
  );

  // This session ended with the request.
  await page.goto('/profile');
  await page.waitForURL((url) => url.pathname === '/login/email');

  // Logging in during the grace period leads to the question first.
  await login(emma);
  await page.waitForURL((url) => url.pathname === '/deletion-pending');
  await expect(page.getByText(/Your account will be deleted on .*, as you asked\./)).toBeVisible();
  await review(page, 'deletion pending');
  await page.getByRole('button', { name: 'Keep my account' }).click();
  await page.waitForURL((url) => url.pathname === '/user/dashboard');
  expect((await outboxNotices(request, emma.email)).map((m) => m.subject)).toContain(
    'Your account will not be deleted',
  );

  // Kept: the page offers to delete it again, nothing is under way.
  await page.goto('/profile/delete');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
  await page.goto('/security/history');
  await expect(page.getByText('Account deletion cancelled')).toBeVisible();
  await expect(page.getByText('Account deletion requested')).toBeVisible();
});

test('the your-data pages in each language of both variants, axe-clean', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  const marie = await account('marie@example.lu');
  test.setTimeout(180_000);
  await login(emma, { via: 'api', language: 'en' });
  const drawn = (path: string) => async (p: typeof page) => {
    await expect(p).toHaveURL((url) => url.pathname === path);
    await expect(p.locator('main .panel').first()).toBeVisible();
  };
  await reviewInEachLanguage(review, page, '/profile/data', 'download', drawn('/profile/data'));
  await reviewInEachLanguage(review, page, '/profile/delete', 'delete', drawn('/profile/delete'));

  // Luxembourg, in German (its own language): the account API's consequences in German too.
  await login(marie, { via: 'api', origin: LU_URL, language: 'de' });
  await page.goto(`${LU_URL}/profile/delete`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ihr Konto löschen' })).toBeVisible();
  await expect(page.getByText(/Essensgutscheinkarten/)).toBeVisible();
  await review(page, 'delete lu de');
  await page.goto(`${LU_URL}/profile/data`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Ihre Daten herunterladen' }),
  ).toBeVisible();
  await review(page, 'download lu de');
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a sign-in during the grace period asks first, as a plain form: continue, then keep the account', async ({
    page,
    request,
    account,
  }) => {
    // A copy of customer@example.be, which has no second factor: its deletion is asked for at
    // the account API.
    const { login, email } = await account('customer@example.be', { language: 'en' });
    const headers = { 'x-device-id': randomUUID() };
    const token = await request.post(`${mockUrl('be')}/token`, {
      headers,
      data: { grant_type: 'password', username: login, password: DEMO_PASSWORD },
    });
    expect(token.status()).toBe(200);
    const asked = await request.post(`${mockUrl('be')}/user/deletion`, {
      headers: { ...headers, authorization: `Bearer ${(await token.json()).access_token}` },
      data: { confirm: true },
    });
    expect(asked.status()).toBe(200);
    const signIn = async () => {
      await page.context().clearCookies();
      await page.goto('/login/email?target=%2Fprofile');
      await page.getByLabel('E-mail address').fill(login);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // Drawn by the gateway for the new session, with the deletion's date.
      await expect(page).toHaveURL(/\/deletion-pending\?target=%2Fprofile$/);
      await expect(
        page.getByText(/Your account will be deleted on .*, as you asked\./),
      ).toBeVisible();
    };
    await signIn();
    // Continue: on to the sign-in's target, the deletion still planned.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await signIn();
    await page.getByRole('button', { name: 'Keep my account' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await outboxNotices(request, email)).map((m) => m.subject)).toContain(
      'Your account will not be deleted',
    );
  });
});
