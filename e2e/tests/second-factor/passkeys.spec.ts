import type { Page } from '@playwright/test';
import { expectAccessible } from '../../fixtures/a11y';
import { addVirtualAuthenticator, recordSignals } from '../../fixtures/authenticator';
import { expect as baseExpect, test } from '../../fixtures/login';
import { letRecentCheckLapse, portalCall } from '../../fixtures/portal';
import { photograph, reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';
import { BE_URL, LU_URL } from '../../playwright.config';

/**
 * Passkeys (docs/threat-model.md, 3. Passkey), in Chromium with the DevTools
 * protocol's virtual authenticator (a platform authenticator with
 * discoverable credentials and user verification, as a phone or laptop
 * has): add one, sign out, sign in with it (no code), pass a step-up with
 * it, rename it, delete it after a step-up, and find all of it in the
 * security history. Both variants.
 */

const review = reviewer('polish');

/** Ceremonies and screens wait on a shared, loaded machine: a longer patience than the suite's. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** The screen at a phone's and a laptop's width, kept with the test's results (to look at). */
async function snap(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await photograph(page, test.info().outputPath(`${name}-${width}.png`));
  }
}

const variants = [
  { region: 'be' as const, origin: BE_URL, username: 'employee@example.be', rpId: 'be.localhost' },
  { region: 'lu' as const, origin: LU_URL, username: 'marie@example.lu', rpId: 'lu.localhost' },
];

for (const { region, origin, username, rpId } of variants) {
  test(`passkey journey (${region}): add, sign in, step up, rename, delete`, async ({
    page,
    request,
    login,
  }) => {
    test.setTimeout(360_000);
    const authenticator = await addVirtualAuthenticator(page);
    const signals = await recordSignals(page);
    await login(username, { via: 'api', origin, language: 'en' });

    // Security → Passkeys, empty.
    await page.goto(`${origin}/security`);
    await page.getByRole('link', { name: 'Manage passkeys' }).click();
    await expect(page.getByRole('heading', { name: 'Passkeys', level: 1 })).toBeVisible();
    await expect(page.getByText('No passkey yet')).toBeVisible();
    await expectAccessible(page, 'passkeys, empty');
    if (region === 'be') await snap(page, 'passkeys-empty');

    // Add one: the sign-in by password and code a moment ago still counts as the recent check.
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByText(/^Passkey “Chrome on \w+” added\.$/)).toBeVisible();
    const row = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Not used yet');
    const name = (await row.locator('.list-row-title').textContent()) ?? '';
    const [credential] = await authenticator.credentials();
    expect(credential?.rpId).toBe(rpId);
    expect(credential?.isResidentCredential).toBe(true);
    await expectAccessible(page, 'passkeys, one');
    if (region === 'be') {
      await snap(page, 'passkeys-one');
      // The list row of a passkey, in each language (e2e/artifacts/screenshots/polish-passkeys-*).
      await reviewInEachLanguage(review, page, `${origin}/security/passkeys`, 'passkeys', (p) =>
        expect(p.locator('.list-row')).toHaveCount(1),
      );
    }

    // Signed out, then in with the passkey's button: no password, no code.
    expect((await portalCall(page, '/api/token', { method: 'DELETE' })).status).toBe(204);
    await page.goto(`${origin}/login/phone`);
    const button = page.getByRole('button', { name: 'Use a passkey' });
    await expect(button).toBeVisible();
    await expectAccessible(page, 'sign-in with the passkey button');
    if (region === 'be') await snap(page, 'login-phone');
    await button.click();
    await page.waitForURL((url) => url.pathname === '/user/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The password manager is told the passkeys the account accepts (Signal API): this one.
    const credentialId = Buffer.from(credential?.credentialId ?? '', 'base64').toString(
      'base64url',
    );
    expect((await signals()).accepted).toContainEqual({
      rpId,
      userId: expect.any(String),
      allAcceptedCredentialIds: [credentialId],
    });

    // Log out: on /login/email the passkey is among the e-mail field's suggestions
    // (conditional mediation), which the virtual authenticator picks at once.
    const autofill = page.waitForResponse(
      (r) => r.url().endsWith('/api/passkeys/authentication') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await autofill).status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/user/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // A sensitive page after the recent check ran out: the passkey is offered first.
    await letRecentCheckLapse(request, region);
    await page.goto(`${origin}/security/edit-password`);
    await page.waitForURL((url) => url.pathname === '/mfa/methods');
    const usePasskey = page.getByRole('button', { name: 'Use your passkey' });
    await expect(usePasskey).toBeVisible();
    await expectAccessible(page, 'step-up with a passkey');
    if (region === 'be') await snap(page, 'mfa-methods-passkey');
    await usePasskey.click();
    await page.waitForURL((url) => url.pathname === '/security/edit-password');
    await expect(page.getByText('Your password needs')).toBeVisible();

    // Rename it.
    await page.goto(`${origin}/security/passkeys`);
    await expect(row).toContainText('Last used');
    await page.getByRole('button', { name: `Rename: ${name}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await expect(rename.getByLabel('Name')).toHaveValue(name);
    await expectAccessible(page, 'rename dialog');
    if (region === 'be') await snap(page, 'rename-dialog');
    await rename.getByLabel('Name').fill('');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByRole('alert')).toHaveText('Give the passkey a name.');
    await rename.getByLabel('Name').fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Passkey renamed to “Work laptop”.')).toBeVisible();
    await expect(row.locator('.list-row-title')).toHaveText('Work laptop');

    // Delete it, after a step-up (the check ran out again), passkey first.
    await letRecentCheckLapse(request, region);
    await page.getByRole('button', { name: 'Delete: Work laptop' }).click();
    await page.getByRole('button', { name: 'Delete passkey' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(stepUp.getByRole('button', { name: 'Use your passkey' })).toBeVisible();
    await expectAccessible(page, 'step-up dialog with a passkey');
    if (region === 'be') await snap(page, 'step-up-dialog');
    await stepUp.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(page.getByText('Passkey “Work laptop” deleted.')).toBeVisible();
    // … and, once it is deleted, that the account accepts none any more.
    await expect
      .poll(async () => (await signals()).accepted.at(-1)?.allAcceptedCredentialIds)
      .toEqual([]);
    await expect(page.getByText('No passkey yet')).toBeVisible();

    // The security history tells all of it.
    await page.goto(`${origin}/security/history`);
    const history = page.getByRole('list', { name: 'Security history' });
    await expect(history.getByText('Passkey removed')).toBeVisible();
    await expect(history.getByText('Passkey used').first()).toBeVisible();
    await expect(history.getByText('Passkey added')).toBeVisible();
  });
}

test('a passkey this site does not know is refused with words, and the page stays', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  const signals = await recordSignals(page);
  // A discoverable credential for this site that no account registered (a reset mock forgot it).
  const key = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
    'sign',
  ]);
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', key.privateKey));
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: Buffer.from('stranger-credential').toString('base64'),
      isResidentCredential: true,
      rpId: 'be.localhost',
      privateKey: pkcs8.toString('base64'),
      userHandle: Buffer.from('nobody').toString('base64'),
      signCount: 1,
    },
  });
  await page.goto(`${BE_URL}/login/phone`);
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'This passkey is not registered for an account here. Log in with your password, then add it under Security.',
  );
  await expect(page).toHaveURL(/\/login\/phone$/);
  // The browser's password manager is told the account API knows no such passkey (Signal API).
  await expect
    .poll(async () => (await signals()).unknown)
    .toEqual([
      {
        rpId: 'be.localhost',
        credentialId: Buffer.from('stranger-credential').toString('base64url'),
      },
    ]);
});
