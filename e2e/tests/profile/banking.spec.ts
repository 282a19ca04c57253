import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/login';

test('IBAN: a bad one is refused with the spec message, a good one is saved', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
  await page.goto('/profile');
  const banking = page.getByRole('region', { name: 'Banking information' });
  await expect(banking.getByText('BE68 5390 0754 7034')).toBeVisible();

  await banking.getByRole('button', { name: 'Change IBAN' }).click();
  // The country list opens from its field and is chosen from with the keyboard.
  await banking.getByRole('button', { name: /Country/ }).click();
  await page
    .getByRole('listbox', { name: /Country/ })
    .getByRole('option', { name: 'Netherlands' })
    .click();
  await expect(banking.getByRole('button', { name: /Country/ })).toContainText('Netherlands');
  await banking.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
  await banking.getByRole('button', { name: 'Save' }).click();
  await expect(banking.getByRole('alert')).toHaveText('The provided IBAN is invalid.');
  await expect(banking.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');

  await banking.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await banking.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your IBAN has been updated successfully.')).toBeVisible();
  await expect(banking.getByText('NL91 ABNA 0417 1643 00')).toBeVisible();
  await expect(banking.getByText('Netherlands')).toBeVisible();

  await page.reload();
  await expect(page.getByText('NL91 ABNA 0417 1643 00')).toBeVisible();
});

/** The boxes of `page`'s toast and of the controls in `main` it covers. */
async function coveredByToast(page: Page, only: 'focused' | 'all') {
  return page.evaluate((which) => {
    const toast = document.querySelector('.toast')?.getBoundingClientRect();
    if (!toast) return ['no toast'];
    const controls =
      which === 'focused'
        ? [document.activeElement].filter(
            (e): e is Element => e instanceof Element && e !== document.body,
          )
        : Array.from(
            document.querySelectorAll('main :is(a[href], button, input, select, textarea)'),
          );
    return controls
      .filter((control) => {
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.bottom < 0 || box.top > innerHeight) return false;
        return (
          box.left < toast.right &&
          box.right > toast.left &&
          box.top < toast.bottom &&
          box.bottom > toast.top
        );
      })
      .map(
        (control) =>
          control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName,
      );
  }, only);
}

for (const width of [375, 1280]) {
  test(`at ${width} px, a save leaves the cursor on a control in sight, and its toast covers neither it nor, scrolled down, the last action`, async ({
    page,
    login,
  }) => {
    await login('employee@example.be', { via: 'api', language: 'en' });
    await page.setViewportSize({ width, height: 640 });
    await page.goto('/profile');
    const banking = page.getByRole('region', { name: 'Banking information' });
    await banking.getByRole('button', { name: 'Change IBAN' }).click();
    await banking.getByLabel('IBAN').fill('BE71 0961 2345 6769');
    // Saved from the keyboard, with the Save button at the bottom edge of the screen.
    await banking
      .getByRole('button', { name: 'Save' })
      .evaluate((b) => b.scrollIntoView({ block: 'end' }));
    await banking.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Your IBAN has been updated successfully.')).toBeVisible();
    // The cursor is on a control (not dropped to the page), and that control is in sight.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    await expect.poll(() => coveredByToast(page, 'focused')).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => coveredByToast(page, 'all')).toEqual([]);
  });
}
