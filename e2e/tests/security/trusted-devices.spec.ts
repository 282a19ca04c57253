import { expectAccessible } from '../../fixtures/a11y';
import { inEnglish } from '../../fixtures/account';
import { expect as baseExpect, test, trustThisBrowser } from '../../fixtures/login';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';
import { VARIANTS } from '../../fixtures/stack';

const review = reviewer('polish');

/** Trusted devices under Security: listed, and stopped one by one or all at once. */

// Long journeys (several sign-ins each) on a shared, loaded machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

for (const v of VARIANTS) {
  test(`${v.name}: trusted devices are listed and can be stopped one by one or all at once`, async ({
    page,
    login,
    browser,
    request,
    account,
  }) => {
    const me = await account(v.user);
    // Another browser trusted first, then this one (ticking "trust this device").
    if (v.region === 'be') {
      const other = await browser.newPage();
      await trustThisBrowser(other, request, me);
      await other.close();
    }
    await login(me, { via: 'api', trustDevice: true, origin: v.origin });
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
      // The devices as list rows, this one first, in each language (polish-trusted-devices-*).
      await reviewInEachLanguage(
        review,
        page,
        `${v.origin}/security/trusted-devices`,
        'trusted devices',
        (p) => expect(p.locator('.list-row')).toHaveCount(2),
      );
      // Back in English.
      await page.goto(`${v.origin}/security/trusted-devices`);
      await expect(list.getByRole('listitem')).toHaveCount(count);
    }

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
}
