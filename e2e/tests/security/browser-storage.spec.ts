import { expect, test } from '../../fixtures/login';
import { portalCall } from '../../fixtures/portal';

/**
 * What the browser keeps of the account: its language only, dropped on
 * sign-out; the account itself comes from the server on every load
 * (docs/decisions/0004-browser-keeps-first-paint-data.md).
 */

test('on load the account shows as the server has it, never an out-of-date copy', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api' });
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Emma');
  // Changed elsewhere: what this browser saw last is now out of date.
  await portalCall(page, '/api/user', { method: 'PATCH', body: { firstname: 'Emmy' } });
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/user', async (route) => {
    await held;
    await route.continue();
  });
  // A page the browser draws: until the server answers, the page loading, not the old
  // name (the browser keeps none).
  await page.goto('/profile');
  await expect(page.getByRole('status')).toContainText(/Loading|Laden/);
  await expect(page.getByText('Emma')).toHaveCount(0);
  answer();
  await expect(page.getByText('Emmy').first()).toBeVisible();
  // The dashboard the server draws: the name as the server has it now, in the page itself.
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welkom, Emmy');
  await expect(page.getByText('Emma')).toHaveCount(0);
});

test('the browser keeps the language of the account, nothing else, and forgets it on sign-out', async ({
  page,
  login,
}) => {
  const emma = await login('employee@example.be');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Everything a script of the page (or the next person at a shared computer) could read.
  const stored = () =>
    page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage, cookie: document.cookie }),
    );
  const kept = await stored();
  expect(JSON.parse(kept)).toMatchObject({ account: '{"language":"nl"}' });
  for (const personal of [emma.email, 'Emma', 'BE68', '+32', '1985']) {
    expect(kept, personal).not.toContain(personal);
  }
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  expect(JSON.parse(await stored())).not.toHaveProperty('account');
});
