import { expect, test } from '../../fixtures/login';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';

/** The verification methods under Security: which is asked first, and deleting one. */

const review = reviewer('polish');

test('deleting the default MFA method makes the backup the default', async ({ page, login }) => {
  const tom = await login('totp@example.be', { via: 'api', language: 'en' });
  await page.goto('/security/mfa-edit');
  const methods = page.getByRole('list', { name: 'Verification methods' });
  const app = methods.getByRole('listitem').filter({ hasText: 'Authenticator app' });
  await expect(app.getByText('Default', { exact: true })).toBeVisible();
  // The only e-mail/SMS method cannot go, and says why, also on a phone (no hover there).
  const lastCodeMethod = methods.getByRole('button', { name: `Delete E-mail ${tom.email}` });
  await expect(lastCodeMethod).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 800 });
  const why = 'At least one e-mail or SMS verification method must remain.';
  await expect(lastCodeMethod).toHaveAccessibleDescription(why);
  await expect(page.getByText(why)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  await app.getByRole('button', { name: 'Delete Authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this verification method?' });
  await expect(dialog).toContainText('Your backup method will become the default.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`E-mail ${tom.email} is now your default method`)).toBeVisible();
  await expect(methods.getByRole('listitem')).toHaveCount(1);
  await expect(methods.getByRole('listitem').getByText('Default', { exact: true })).toBeVisible();
  // The deleted method's row went with the button that opened the dialog: focus goes to
  // the heading of its section, not to the page.
  await expect(page.getByRole('heading', { name: 'Verification methods', level: 2 })).toBeFocused();
});

test('Security calls the method asked first what it is, not "Primary"', async ({ page, login }) => {
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/security');
  const methods = page.getByRole('list', { name: 'Verification methods' });
  await expect(methods).toContainText('Asked first at login');
  await expect(methods.getByText('Primary', { exact: true })).toHaveCount(0);
  await reviewInEachLanguage(review, page, '/security', 'security', (p) =>
    expect(p.locator('.badge-brand').first()).toBeVisible(),
  );
});
