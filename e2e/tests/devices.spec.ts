import type { APIRequestContext } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';
import { expect as baseExpect, test } from '../fixtures/login';
import { trustThisBrowser } from '../fixtures/mfa';
import { mockUrl } from '../fixtures/stack';
import { BE_URL, LU_URL } from '../playwright.config';
import { inEnglish, signInAs } from './account-helpers';

/**
 * Issue 16, items 2 to 4: trusted devices one can see and stop trusting, the
 * e-mail alert of a sign-in from a new device with its one-click "this
 * wasn't me", the switch for it in Notifications, and the breached-password
 * check of a new password.
 */

// Long journeys (several sign-ins each) on a shared, loaded machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

interface Notice {
  code: string;
  subject?: string;
  link?: string;
  text: string;
}

/** The notices (no code) the mock's dev outbox holds for `to`, newest first. */
async function alertsFor(request: APIRequestContext, to: string, region: 'be' | 'lu' = 'be') {
  const res = await request.get(`${mockUrl(region)}/__dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  const { messages } = (await res.json()) as { messages: Notice[] };
  return messages.filter((m) => m.code === '');
}

const variants = [
  { name: 'BE', origin: BE_URL, user: 'employee@example.be', region: 'be' as const },
  { name: 'LU', origin: LU_URL, user: 'marie@example.lu', region: 'lu' as const },
];

for (const v of variants) {
  test(`${v.name}: trusted devices are listed and can be stopped one by one or all at once`, async ({
    page,
    login,
    browser,
    request,
  }) => {
    // Another browser trusted first, then this one (ticking "trust this device").
    if (v.region === 'be') {
      const other = await browser.newPage();
      await trustThisBrowser(other, request, v.user);
      await other.close();
    }
    await login(v.user, { via: 'api', trustDevice: true, origin: v.origin });
    await inEnglish(page);
    const count = v.region === 'be' ? 2 : 1;

    await page.goto(`${v.origin}/security`);
    await expect(
      page.getByText(
        count === 1
          ? '1 device skips the verification code.'
          : `${count} devices skip the verification code.`,
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'See trusted devices' }).click();
    await expect(page.getByRole('heading', { name: 'Trusted devices', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Trusted devices' });
    await expect(list.getByRole('listitem')).toHaveCount(count);
    const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByText('Chrome')).toBeVisible();
    await expect(mine.getByText('Trusted since')).toBeVisible();
    await expectAccessible(page, 'trusted devices');

    if (count === 2) {
      const other = list.getByRole('listitem').filter({ hasNotText: 'This device' });
      await other.getByRole('button', { name: /^Stop trusting / }).click();
      const dialog = page.getByRole('dialog', { name: 'Stop trusting this device?' });
      await expectAccessible(page, 'stop trusting dialog');
      await dialog.getByRole('button', { name: 'Stop trusting' }).click();
      await expect(page.getByText(/ is no longer trusted\.$/)).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveCount(1);
    }

    await page.getByRole('button', { name: 'Stop trusting all devices' }).click();
    await page
      .getByRole('dialog', { name: 'Stop trusting all devices?' })
      .getByRole('button', { name: 'Stop trusting all devices' })
      .click();
    await expect(page.getByText('No device is trusted any more.')).toBeVisible();
    await expect(page.getByText(/^No device skips the verification code\. Tick/)).toBeVisible();

    await page.goto(`${v.origin}/security/history`);
    const history = page.getByRole('list', { name: 'Security history' });
    await expect(history.getByText('No device is trusted any more').first()).toBeVisible();
    if (count === 2) {
      await expect(history.getByText('A device is no longer trusted').first()).toBeVisible();
    }
  });

  test(`${v.name}: a sign-in from a new device is e-mailed, and "this wasn't me" is one click from the link`, async ({
    page,
    login,
    browser,
    request,
  }) => {
    await login(v.user, { via: 'api', origin: v.origin });
    // The account's first device: nothing to warn about.
    expect(await alertsFor(request, v.user, v.region)).toHaveLength(0);

    const intruder = await browser.newPage();
    await signInAs(intruder, request, v.user, { english: false, region: v.region });
    const [alert] = await alertsFor(request, v.user, v.region);
    if (!alert?.link) throw new Error('no alert e-mail with a link');
    // In the user's language: employee@example.be reads Dutch, marie@example.lu French.
    if (v.region === 'be') {
      expect(alert.subject).toBe('Nieuwe aanmelding op je account');
      // The suite's browser says it is Chrome on Windows (Playwright's Desktop Chrome).
      expect(alert.text).toContain('Apparaat: Windows computer, Chrome');
      expect(alert.text).toContain('Plaats: Brussels, België');
    } else {
      expect(alert.subject).toBe('Nouvelle connexion à votre compte');
      expect(alert.text).toContain('Appareil : Windows computer, Chrome');
      expect(alert.text).toContain('Lieu : Brussels, Belgique');
    }
    expect(alert.link.startsWith(`${v.origin}/security/history?event=`)).toBe(true);

    await inEnglish(page);
    await page.goto(alert.link);
    const dialog = page.getByRole('dialog', { name: 'Secure your account?' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText(/No device will skip the verification code any more\./),
    ).toBeVisible();
    await expectAccessible(page, 'this wasn’t me from the alert');
    await dialog.getByRole('button', { name: 'Log out other devices' }).click();
    await expect(page).toHaveURL(/\/security\/edit-password$/);
    await expect(
      page.getByText('Every other device has been logged out. Choose a new password now.'),
    ).toBeVisible();

    // The intruder's session is over.
    await intruder.goto(`${v.origin}/security`);
    await expect(intruder).toHaveURL(/\/login\/email/);
    await intruder.close();
  });
}

test('the new-device alert can be switched off in Notifications', async ({
  page,
  login,
  browser,
  request,
}) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/profile#notifications');
  const alerts = page.getByRole('group', { name: 'Security alerts' });
  const box = alerts.getByRole('switch', {
    name: 'E-mail me when someone logs in from a new device',
  });
  await expect(box).toBeChecked();
  await expect(box).toBeEnabled();
  await expectAccessible(page, 'notifications');
  // Saved at once: the box shows the saved state when the account API answered.
  await box.click();
  await expect(box).not.toBeChecked();
  await expect(alerts.getByText('Your choice has been saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('switch', { name: 'E-mail me when someone logs in from a new device' }),
  ).not.toBeChecked();

  const elsewhere = await browser.newPage();
  await signInAs(elsewhere, request, 'employee@example.be');
  await elsewhere.close();
  expect(await alertsFor(request, 'employee@example.be')).toHaveLength(0);
  await page.goto('/security/history');
  await expect(
    page.getByRole('list', { name: 'Security history' }).getByText('Login from a new device'),
  ).toBeVisible();
});

test('BE: a breached new password is refused next to the live rules, in English', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto('/security/edit-password');
  await page.getByLabel('Current password').fill('Portal-Demo-2026!');
  await page.getByLabel('New password', { exact: true }).fill('Password123!');
  await page.getByLabel('Repeat the new password').fill('Password123!');
  await page.getByRole('button', { name: 'Change password' }).click();
  const field = page.getByLabel('New password', { exact: true });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText(
      'This password appears in known data breaches, so others may try it. Choose another one.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Your password needs')).toBeVisible();
  await expectAccessible(page, 'breached password message');
});

test('LU: a breached new password is refused in the user’s French', async ({ page, login }) => {
  // Through the pages, so that the portal takes up marie's French at sign-in.
  await login('marie@example.lu', { origin: LU_URL });
  await page.goto(`${LU_URL}/security/edit-password`);
  await page.getByLabel('Mot de passe actuel').fill('Portal-Demo-2026!');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('Password123!');
  await page.getByLabel('Répétez le nouveau mot de passe').fill('Password123!');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(
    page.getByText(/Ce mot de passe figure dans des fuites de données connues/),
  ).toBeVisible();
});
