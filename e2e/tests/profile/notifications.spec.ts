import { expectAccessible } from '../../fixtures/a11y';
import { expect as baseExpect, test } from '../../fixtures/login';
import { outboxNotices } from '../../fixtures/portal';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';

/** Notifications: a page of its own, with the switch for the new-device alert. */

const review = reviewer('polish');
// Several sign-ins on a shared, loaded machine: a longer patience than the suite's.
const expect = baseExpect.configure({ timeout: 20_000 });

test('Notifications is a page with its own heading, title and current-page mark', async ({
  page,
  login,
  account,
}) => {
  const emma = await account();
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await login(emma, { via: 'api', language: 'en' });
  await page.goto('/user/dashboard');
  const nav = page.getByRole('navigation', { name: 'Account menu' });
  await nav.getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/user\/notifications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  await expect(page).toHaveTitle(/^Notifications – /);
  await expect(page.getByRole('switch', { name: /new device/ })).toBeVisible();
  await reviewInEachLanguage(review, page, '/user/notifications', 'notifications', (p) =>
    expect(p.getByRole('switch')).toBeEnabled(),
  );
});

test('the new-device alert can be switched off in Notifications', async ({
  page,
  login,
  browser,
  request,
  account,
}) => {
  const emma = await account();
  // Several sign-ins on a shared, loaded machine.
  test.setTimeout(120_000);
  await login(emma, { via: 'api', language: 'en' });
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
  await login(emma, { via: 'api', page: elsewhere, language: 'en' });
  await elsewhere.close();
  expect(await outboxNotices(request, emma.email)).toHaveLength(0);
  await page.goto('/security/history');
  await expect(
    page.getByRole('list', { name: 'Security history' }).getByText('Login from a new device'),
  ).toBeVisible();
});
