import type { Page } from '@playwright/test';
import { addVirtualAuthenticator } from '../../fixtures/authenticator';
import { type Account, expect as baseExpect, test } from '../../fixtures/login';
import { outboxNotices, portalCall } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { BE_URL } from '../../playwright.config';

/**
 * Passkeys first (docs/flows.md, "Passkeys"): after a password sign-in in
 * Chromium with the DevTools protocol's virtual authenticator, the browser is
 * asked to make a passkey with no dialog of ours where it reports conditional
 * create (Chromium does), and elsewhere the dashboard offers one once: Create
 * or Not now. The passkey made is on the account, e-mailed and in the
 * security history; "Not now" is not asked again on that device.
 */

const review = reviewer('passkey-offer');
const expect = baseExpect.configure({ timeout: 30_000 });
const OFFER = 'Log in faster next time with a passkey';

/**
 * The page as a browser without conditional create sees it (Firefox, Chrome
 * before 136): `getClientCapabilities()` says so, everything else stays Chromium's.
 */
async function withoutConditionalCreate(page: Page) {
  await page.addInitScript(() => {
    const credential = window.PublicKeyCredential;
    const asked = credential.getClientCapabilities.bind(credential);
    credential.getClientCapabilities = async () => ({
      ...(await asked()),
      conditionalCreate: false,
    });
  });
}

/** The passkey's traces: the account's list, the e-mail, the security history. */
async function expectPasskeyOnAccount(
  page: Page,
  request: Parameters<typeof outboxNotices>[0],
  account: Account,
) {
  const list = await portalCall(page, '/api/passkeys');
  const passkeys = (list.body?.passkeys ?? []) as { name: string }[];
  expect(passkeys.map((p) => p.name)).toEqual([expect.stringMatching(/^Chrome on \w+$/)]);
  const [mail] = await outboxNotices(request, account.email);
  expect(mail?.subject).toBe('A passkey was added to your account');
  expect(mail?.link).toMatch(/\/security\/history\?event=\d+$/);
  await page.goto(`${BE_URL}/security/history`);
  const history = page.getByRole('list', { name: 'Security history' });
  await expect(history.getByText('Passkey added')).toBeVisible();
}

test('where the browser reports conditional create, it is asked for a passkey with no dialog of ours', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  test.setTimeout(180_000);
  await addVirtualAuthenticator(page);
  // What the page asks of the browser, as the browser receives it (passed on unchanged).
  await page.addInitScript(() => {
    const asked: object[] = [];
    Object.assign(window, { asked });
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = (options) => {
      const publicKey = options?.publicKey;
      asked.push({
        mediation: (options as { mediation?: string } | undefined)?.mediation,
        rp: publicKey?.rp.id,
        user: publicKey?.user.name,
        residentKey: publicKey?.authenticatorSelection?.residentKey,
      });
      return create(options);
    };
  });
  await login(emma, { language: 'en' });
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { asked: object[] }).asked))
    .toContainEqual({
      mediation: 'conditional',
      rp: 'be.localhost',
      user: emma.email,
      residentKey: 'required',
    });
  // No card of ours: the browser makes the passkey with the password manager the person
  // just used, with its own notice (Chromium's virtual authenticator is no password
  // manager: the request waits, and the offer's card test below makes one).
  await expect(page.getByRole('region', { name: /passkey/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /passkey/i })).toHaveCount(0);
});

test("elsewhere the dashboard's offer makes one: Create, then the browser's prompt", async ({
  page,
  request,
  login,
  account,
}) => {
  const emma = await account();
  test.setTimeout(180_000);
  const authenticator = await addVirtualAuthenticator(page);
  await withoutConditionalCreate(page);
  await login(emma, { language: 'en' });
  await page.goto(`${BE_URL}/user/dashboard`);
  const offer = page.getByRole('region', { name: OFFER });
  await expect(offer).toBeVisible();
  await review(page, 'offer on the dashboard');
  await offer.getByRole('button', { name: 'Create a passkey' }).click();
  const ready = page.getByRole('region', { name: 'Your passkey is ready' });
  await expect(ready.getByRole('heading')).toBeFocused();
  await expect(ready).toContainText(/“Chrome on \w+” logs you in on this device from now on/);
  await expect(ready.getByRole('link', { name: 'Manage passkeys' })).toBeVisible();
  await review(page, 'offer answered');
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectPasskeyOnAccount(page, request, emma);
  // Offered no more: the device holds one.
  expect((await portalCall(page, '/api/passkeys/offer')).body).toEqual({ offer: false });
});

test('"Not now" is not asked again on this device', async ({ page, login, account }) => {
  const emma = await account();
  test.setTimeout(180_000);
  await addVirtualAuthenticator(page);
  await withoutConditionalCreate(page);
  await login(emma, { language: 'en' });
  await page.goto(`${BE_URL}/user/dashboard`);
  const offer = page.getByRole('region', { name: OFFER });
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Logged out and in again by password and code, in the same browser.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/login'));
  await login(emma);
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('region', { name: /checkup|controle/i })).toBeVisible();
  expect((await portalCall(page, '/api/passkeys/offer')).body).toEqual({ offer: false });
  await expect(page.locator('.passkey-offer')).toHaveCount(0);
});
