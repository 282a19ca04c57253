import { expectAccessible } from '../../fixtures/a11y';
import { inEnglish } from '../../fixtures/account';
import { expect as baseExpect, test } from '../../fixtures/login';
import { outboxNotices } from '../../fixtures/portal';
import { VARIANTS } from '../../fixtures/stack';

/** The e-mail alert of a sign-in from a new device, with its one-click "this wasn't me". */

// Long journeys (several sign-ins each) on a shared, loaded machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

for (const v of VARIANTS) {
  test(`${v.name}: a sign-in from a new device is e-mailed, and "this wasn't me" locks the account from the link`, async ({
    page,
    login,
    browser,
    request,
  }) => {
    const me = await login(v.user, { via: 'api', origin: v.origin });
    // The account's first device: nothing to warn about.
    expect(await outboxNotices(request, me.email, v.region)).toHaveLength(0);

    const intruder = await browser.newPage();
    await login(me, { via: 'api', page: intruder, origin: v.origin });
    const [alert] = await outboxNotices(request, me.email, v.region);
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
    // "This wasn't me" is the lock link: it works signed out (lock-account.spec.ts walks it whole).
    expect(alert.link).toMatch(new RegExp(`^${v.origin}/lock-account/link\\?token=[\\w-]{43}$`));

    await inEnglish(page);
    await page.goto(alert.link);
    await expect(page).toHaveURL(/\/lock-account$/);
    await expect(page.getByRole('heading', { name: 'Lock your account?' })).toBeVisible();
    await expectAccessible(page, 'this wasn’t me from the alert');
    await page.getByRole('button', { name: 'Lock my account' }).click();
    await expect(page).toHaveURL(/\/lock-account\/done$/);
    await expect(page.getByRole('heading', { name: 'Your account is locked' })).toBeVisible();

    // The intruder's session is over.
    await intruder.goto(`${v.origin}/security`);
    await expect(intruder).toHaveURL(/\/login\/email/);
    await intruder.close();
  });
}
