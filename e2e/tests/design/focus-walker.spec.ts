import type { Locator, Page } from '@playwright/test';
import { addVirtualAuthenticator } from '../../fixtures/authenticator';
import {
  expect as baseExpect,
  outboxCode,
  signInTwice,
  test,
  totpCode,
  trustThisBrowser,
} from '../../fixtures/login';
import { DEMO_PASSWORD } from '../../fixtures/stack';

/**
 * The focus walker (docs/focus.md): every multi-step screen of Profile and
 * Security walked at a phone's and a laptop's width, and after each step the
 * cursor is where the rule puts it: the expected element (the new step's
 * field or heading, or the control that goes on), in sight, not under a
 * toast, never the page itself (`<body>`). Each wait is on the step's own
 * change in the page, never on time.
 */

/** Screens answer on a shared, loaded machine: a longer patience than the suite's. */
const expect = baseExpect.configure({ timeout: 20_000 });

/** Where the cursor is: the element's tag and name, in sight, clear of a toast. */
const cursor = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { on: 'BODY', inSight: false, underToast: false };
    const box = el.getBoundingClientRect();
    const inSight =
      box.width > 0 && box.bottom > 0 && box.top < innerHeight && box.left < innerWidth;
    const toasts = Array.from(document.querySelectorAll('.toast'), (t) =>
      t.getBoundingClientRect(),
    );
    const underToast = toasts.some(
      (t) => box.left < t.right && box.right > t.left && box.top < t.bottom && box.bottom > t.top,
    );
    return { on: el.tagName, inSight, underToast };
  });

/** The cursor is on `target`, in sight and clear of any toast. */
async function expectCursorOn(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  await expect
    .poll(() => cursor(page))
    .toEqual({ on: await target.evaluate((el) => el.tagName), inSight: true, underToast: false });
}

/** The cursor is on a heading of the page (the rule's fallback when a control goes away). */
async function expectCursorOnHeading(page: Page, name: string | RegExp) {
  await expectCursorOn(page, page.locator('main').getByRole('heading', { name, exact: true }));
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 667 : 800 });
    });

    test('profile: personal information saved, the IBAN form opened and saved', async ({
      page,
      login,
    }) => {
      await login('employee@example.be', { via: 'api', language: 'en' });
      // Edit-info is reached from the profile only; a form page opens at its first field.
      await page.goto('/profile');
      await page.getByRole('link', { name: 'Edit personal information' }).click();
      await expectCursorOn(page, page.getByLabel('First name'));
      await page.getByLabel('First name').fill('Emma');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expectCursorOnHeading(page, 'Profile');

      const banking = page.getByRole('region', { name: 'Banking information' });
      await banking.getByRole('button', { name: 'Change IBAN' }).click();
      // The form's first field: the country list's button.
      await expectCursorOn(page, banking.getByRole('button', { name: /Country/ }));
      await banking.getByLabel('IBAN').fill('BE71 0961 2345 6769');
      await banking.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your IBAN has been updated successfully.')).toBeVisible();
      await expectCursorOn(page, banking.getByRole('button', { name: 'Change IBAN' }));
    });

    test('edit credentials: a code asked and cancelled, an address and a number verified, made primary, removed', async ({
      page,
      request,
      login,
    }) => {
      const me = await login('employee@example.be', { via: 'api', language: 'en' });
      // An address and a number of this test's own (the outbox is shared by the suite's tests).
      const address = me.email.replace('@', '.walker@');
      const number = `${me.phone.slice(0, -1)}${(Number(me.phone.at(-1)) + 1) % 10}`;
      await page.goto('/profile/edit-credentials');
      const emails = page.getByRole('region', { name: 'E-mail addresses', exact: true });
      const phones = page.getByRole('region', { name: 'Phone numbers', exact: true });

      // A code asked, then cancelled: back to the field the address was typed in.
      await emails.getByLabel('New e-mail address').fill(address);
      await emails.getByRole('button', { name: 'Send a code' }).click();
      await expectCursorOn(page, emails.getByLabel('Verification code', { exact: true }));
      await emails.getByRole('button', { name: 'Cancel' }).click();
      await expectCursorOn(page, emails.getByLabel('New e-mail address'));

      // The address stays in the list, not verified: its Verify asks for a new code,
      // and once it is verified the cursor is on the section's heading, the news under it.
      await emails.getByRole('button', { name: `Verify ${address}` }).click();
      await expectCursorOn(page, emails.getByLabel('Verification code', { exact: true }));
      await emails
        .getByLabel('Verification code', { exact: true })
        .fill(await outboxCode(request, address));
      await expect(emails.getByText('Your e-mail address has been verified.')).toBeVisible();
      await expectCursorOnHeading(page, 'E-mail addresses');

      await phones.getByLabel('New phone number').fill(number);
      await phones.getByRole('button', { name: 'Send a code' }).click();
      await expectCursorOn(page, phones.getByLabel('Verification code', { exact: true }));
      await phones
        .getByLabel('Verification code', { exact: true })
        .fill(await outboxCode(request, number));
      await expect(phones.getByText('Your phone number has been verified.')).toBeVisible();
      await expectCursorOnHeading(page, 'Phone numbers');

      // Made primary: its button goes with the row's move to the top.
      await phones.getByRole('button', { name: /^Make primary: / }).click();
      await expect(phones.getByText('Your primary phone number has been changed.')).toBeVisible();
      await expectCursorOnHeading(page, 'Phone numbers');

      // Removed after its dialog: the row and its button are gone.
      await emails.getByRole('button', { name: `Delete ${address}` }).click();
      await page
        .getByRole('dialog', { name: 'Delete this e-mail address?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(emails.getByText(address)).toHaveCount(0);
      await expectCursorOnHeading(page, 'E-mail addresses');
    });

    test('password change: saved, the cursor on the next page’s heading', async ({
      page,
      login,
    }) => {
      await login('employee@example.be', { via: 'api', language: 'en' });
      await page.goto('/security/edit-password');
      await page.getByLabel('Current password').fill(DEMO_PASSWORD);
      await page.getByLabel('New password', { exact: true }).fill('Another-Pass-2027!');
      await page.getByLabel('Repeat the new password').fill('Another-Pass-2027!');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page).toHaveURL(/\/security$/);
      await expectCursorOnHeading(page, 'Security');
    });

    test('second factors: the authenticator app set up, new recovery keys, a method made default and removed', async ({
      page,
      request,
      login,
    }) => {
      await login('employee@example.be', { via: 'api', language: 'en' });
      await page.goto('/setup-mfa/totp');
      const secret = page.getByLabel('Secret key');
      await expect(secret).toBeVisible();
      // The page opens at its top: its heading, the steps and the app's link in sight.
      await expectCursorOn(page, page.getByRole('heading', { level: 1 }));
      const key = ((await secret.textContent()) ?? '').replace(/\s/g, '');
      await page.getByLabel('6-digit code').fill(await totpCode(request, key));
      await expectCursorOnHeading(page, 'Your new recovery keys');

      await page.goto('/security/edit-recovery');
      await page.getByRole('button', { name: 'Generate new keys' }).click();
      await page
        .getByRole('dialog', { name: 'Generate new recovery keys?' })
        .getByRole('button', { name: 'Generate new keys' })
        .click();
      await expectCursorOnHeading(page, 'Your new recovery keys');

      await page.goto('/security/mfa-edit');
      const methods = page.getByRole('region', { name: 'Verification methods' });
      await methods
        .getByRole('button', { name: /^Make default: / })
        .first()
        .click();
      await expect(page.getByText(/ is now your default method\.$/)).toBeVisible();
      await expectCursorOnHeading(page, 'Verification methods');
      const rows = methods.getByRole('listitem');
      const before = await rows.count();
      await methods
        .getByRole('button', { name: /^Delete / })
        .last()
        .click();
      await page
        .getByRole('dialog', { name: 'Delete this verification method?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(rows).toHaveCount(before - 1);
      await expectCursorOnHeading(page, 'Verification methods');
    });

    test('passkeys: added, renamed, removed', async ({ page, login }) => {
      await addVirtualAuthenticator(page);
      await login('employee@example.be', { via: 'api', language: 'en' });
      await page.goto('/security/passkeys');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByText(/^Passkey “.+” added\.$/)).toBeVisible();
      await expectCursorOnHeading(page, 'Your passkeys');

      const row = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
      const name = (await row.locator('.list-row-title').textContent()) ?? '';
      await page.getByRole('button', { name: `Rename: ${name}` }).click();
      const rename = page.getByRole('dialog', { name: 'Rename passkey' });
      await expectCursorOn(page, rename.getByLabel('Name'));
      await rename.getByLabel('Name').fill('Work laptop');
      await rename.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Passkey renamed to “Work laptop”.')).toBeVisible();
      // The dialog closed: back on the button that opened it, its row still there.
      await expectCursorOn(page, page.getByRole('button', { name: 'Rename: Work laptop' }));

      await page.getByRole('button', { name: 'Delete: Work laptop' }).click();
      await page.getByRole('button', { name: 'Delete passkey' }).click();
      await expect(row).toHaveCount(0);
      await expectCursorOnHeading(page, 'Your passkeys');
    });

    test('devices and sessions: the other sessions logged out, a trusted device no longer trusted', async ({
      page,
      browser,
      request,
      account,
      login,
    }) => {
      const me = await account();
      await signInTwice(login, browser, me);
      await page.goto('/security/history');
      const devices = page.getByRole('list', { name: 'Devices and sessions' });
      const mine = devices.getByRole('listitem').filter({ hasText: 'This device' });
      await mine.getByRole('button', { name: 'Log out the others' }).click();
      await page
        .getByRole('dialog', { name: /^Log out .+\?$/ })
        .getByRole('button', { name: 'Log out' })
        .click();
      await expect(page.getByText(/^You have been logged out from /)).toBeVisible();
      // Its button went with the other session: the cursor is on a heading still there.
      await expect.poll(() => cursor(page).then((c) => c.on)).toMatch(/^H[1-3]$/);
      await expect.poll(() => cursor(page)).toMatchObject({ inSight: true, underToast: false });

      const other = await browser.newPage();
      await trustThisBrowser(other, request, me);
      await page.goto('/security/trusted-devices');
      await page
        .getByRole('button', { name: /^Stop trusting / })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: 'Stop trusting this device?' })
        .getByRole('button', { name: 'Stop trusting' })
        .click();
      await expect(page.getByText(/ is no longer trusted\.$/)).toBeVisible();
      await expectCursorOnHeading(page, 'Trusted devices');
      await other.close();
    });

    test('notifications saved, a copy of your data made', async ({ page, login }) => {
      await login('employee@example.be', { via: 'api', language: 'en' });
      await page.goto('/user/notifications');
      const alert = page.getByRole('switch', {
        name: 'E-mail me when someone logs in from a new device',
      });
      await expect(alert).toBeEnabled();
      await alert.focus();
      await page.keyboard.press('Space');
      await expect(page.getByText('Your choice has been saved.')).toBeVisible();
      await expectCursorOn(page, alert);

      await page.goto('/profile/data');
      await page.getByRole('button', { name: 'Prepare my data' }).click();
      await expectCursorOn(page, page.getByRole('link', { name: 'Download the file (JSON)' }));
    });
  });
}
