import type { Locator, Page } from '@playwright/test';
import { expect, outboxCode, test, totpCode } from '../../fixtures/login';
import { reviewer } from '../../fixtures/screenshots';

/*
 * The signed-in details of a phone and a desktop (docs/glossary.md for the
 * words): the authenticator setup opens at its top, its recovery keys keep
 * their success message in sight and their buttons apart, its success page
 * says what is true; one rule for button widths; equal service cards; long
 * addresses wrap; a number is shown the same in the contacts and the history.
 */

const review = reviewer('details');

type Box = { x: number; y: number; width: number; height: number };

/** Where each of `elements` is drawn. */
async function boxesOf(elements: Locator): Promise<Box[]> {
  const boxes = await Promise.all((await elements.all()).map((e) => e.boundingBox()));
  return boxes.filter((b): b is Box => b !== null);
}

/** The boxes of `buttons`, each a whole 8 px (or more) away from every other: none touch. */
async function expectApart(buttons: Locator) {
  const boxes = await boxesOf(buttons);
  expect(boxes.length).toBeGreaterThan(1);
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      const apartSideways = b.x >= a.x + a.width + 8 || a.x >= b.x + b.width + 8;
      const apartUpDown = b.y >= a.y + a.height + 8 || a.y >= b.y + b.height + 8;
      expect(apartSideways || apartUpDown, `${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(
        true,
      );
    }
  }
}

/** Each button of the row `actions` as wide as the row on a phone, its own width on a desktop. */
async function expectButtonRule(page: Page, actions: Locator) {
  const widths = () =>
    actions.evaluate((row) =>
      Array.from(row.querySelectorAll<HTMLElement>(':scope > .button')).map((b) => {
        const style = getComputedStyle(row);
        const button = b.getBoundingClientRect().width;
        // Its own width: what it measures when told to be as wide as its words (and its minimum).
        b.style.width = 'max-content';
        const natural = b.getBoundingClientRect().width;
        b.style.width = '';
        return {
          button,
          natural,
          // The row's width inside its padding: what "as wide as the row" means.
          row: row.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        };
      }),
    );
  await page.setViewportSize({ width: 375, height: 800 });
  for (const { button, row } of await widths()) expect(Math.round(button)).toBe(Math.round(row));
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const { button, natural } of await widths())
    expect(Math.round(button)).toBe(Math.round(natural));
}

test('the authenticator setup on a phone: its top first, then the keys in sight and apart, then what is true', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(120_000);
  const emma = await login('employee@example.be', { via: 'api', language: 'en' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/setup-mfa/totp');

  // The heading, the steps and the app link in sight; the code field waits below them.
  const open = page.getByRole('link', { name: 'Open in authenticator app' });
  await expect(open).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { name: 'Authenticator app', level: 1 })).toBeInViewport();
  await expect(page.getByText('Install an authenticator app on your phone.')).toBeInViewport();
  await expect(open).toBeInViewport();
  await expect(page.getByLabel('6-digit code')).not.toBeFocused();
  await review(page, 'authenticator setup');

  await page.setViewportSize({ width: 375, height: 800 });
  const secret = ((await page.getByLabel('Secret key').textContent()) ?? '').replace(/\s/g, '');
  await page.getByLabel('6-digit code').fill(await totpCode(request, secret));

  // The success message stays in sight above the keys; the keys' buttons do not touch.
  const added = page.getByText('Your authenticator app has been added.');
  await expect(added).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Recovery keys' }).getByRole('listitem')).toHaveCount(
    10,
  );
  const buttons = page.locator('.card .button');
  await expectApart(buttons);
  await review(page, 'recovery keys');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectApart(buttons);

  // The app was added beside the e-mail, which stays the default: said so, and the switch offered.
  await page.getByRole('link', { name: 'I have saved my keys' }).click();
  await expect(page.getByText(`E-mail ${emma.email} stays your default method`)).toBeVisible();
  await review(page, 'authenticator success');
  await page.getByRole('button', { name: 'Use the app by default' }).click();
  await expect(
    page.getByText(
      'Your authenticator app is now your default method: it is asked first when you log in.',
    ),
  ).toBeFocused();
  await page.goto('/security/mfa-edit');
  const app = page
    .getByRole('list', { name: 'Verification methods' })
    .getByRole('listitem')
    .filter({ hasText: 'Authenticator app' });
  await expect(app.getByText('Default', { exact: true })).toBeVisible();
});

test('one rule for button widths, equal service cards, long addresses wrapped, numbers shown alike', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(120_000);
  await login('employee@example.be', { via: 'api', language: 'en' });

  // A form's actions: as wide as the form on a phone, their own width on a desktop.
  await page.goto('/security/edit-password');
  await expect(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  await expectButtonRule(page, page.locator('form .actions').last());
  await review(page, 'change password');

  // The dashboard's service cards: one height per row, their buttons under the one rule.
  await page.goto('/user/dashboard');
  await expectButtonRule(page, page.locator('.service').first());
  const cards = page.locator('.service');
  await expect(cards.first()).toBeVisible();
  for (const width of [1280, 900, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const boxes = await boxesOf(cards);
    for (const top of new Set(boxes.map((b) => Math.round(b.y)))) {
      const row = boxes.filter((b) => Math.round(b.y) === top);
      expect(new Set(row.map((b) => Math.round(b.height))).size, `cards at ${width} px`).toBe(1);
    }
  }
  await review(page, 'dashboard');

  // A long address wraps inside its row, a number is grouped as its country writes it.
  const long = 'emma.peeters.facturationetcomptabilite@restaurantlepetitbruxellois.example.be';
  await page.goto('/profile/edit-credentials');
  const emails = page.getByRole('region', { name: 'E-mail addresses', exact: true });
  await emails.getByLabel('New e-mail address').fill(long);
  await emails.getByRole('button', { name: 'Send a code' }).click();
  await expect(emails.getByText(/We sent an 8-digit code to/)).toBeVisible();
  await emails.getByLabel('Verification code').fill(await outboxCode(request, long));
  await expect(emails.getByText('Your e-mail address has been verified.')).toBeVisible();
  const phones = page.getByRole('region', { name: 'Phone numbers', exact: true });
  await phones.getByLabel('New phone number').fill('0470 12 34 56');
  await phones.getByRole('button', { name: 'Send a code' }).click();
  await expect(phones.getByText(/We sent an 8-digit code to/)).toBeVisible();
  await phones.getByLabel('Verification code').fill(await outboxCode(request, '+32470123456'));
  await expect(phones.getByText('Your phone number has been verified.')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  const row = emails.getByRole('listitem').filter({ hasText: long });
  expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(
    phones.getByRole('listitem').filter({ hasText: '+32\u00a0470\u00a012\u00a034\u00a056' }),
  ).toBeVisible();
  await review(page, 'contacts with a long address');
  await page.goto('/security/history');
  const history = page.getByRole('list', { name: 'Security history' });
  await expect(history.getByText('+32\u00a0470\u00a012\u00a034\u00a056').first()).toBeVisible();
  await expect(history.getByText('+32470123456')).toHaveCount(0);
  await review(page, 'security history');
});
