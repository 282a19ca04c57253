import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/login';
import { visit } from '../../fixtures/portal';
import { LU_URL } from '../../playwright.config';

/** The two variants, chosen by the host: each its default language, its words, its favicon. */

/** The icon the page links to, as the browser fetches it. */
async function favicon(page: Page) {
  const href = await page.locator('link[rel=icon]').getAttribute('href');
  return page.evaluate(async (url) => {
    const res = await fetch(url);
    return {
      type: res.headers.get('content-type'),
      bytes: [...new Uint8Array(await res.arrayBuffer())],
    };
  }, href ?? '');
}

test.describe('Luxembourg variant', () => {
  // A browser language Luxembourg does not offer: the variant's default applies.
  test.use({ locale: 'nl-BE' });

  test('speaks French by default and calls the card number an activation code', async ({
    page,
  }) => {
    await page.goto(`${LU_URL}/login/email`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-LU');
    await expect(
      page.getByRole('heading', { name: 'Connectez-vous à votre compte' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Nom d’utilisateur oublié ?' }).click();
    await expect(page.getByLabel('Code d’activation')).toBeVisible();
    await page.getByLabel('Code d’activation').fill('5065000000000003');
    await page.getByRole('button', { name: 'Retrouver mon nom d’utilisateur' }).click();
    await expect(page.getByRole('alert')).toHaveText('Votre code d’activation n’est pas valide.');
    // The phone sign-in defaults to Luxembourg's country code.
    await page.goto(`${LU_URL}/login/phone`);
    await expect(page.getByRole('button', { name: /Indicatif du pays/ })).toHaveText('LU +352');
  });
});

test('each variant shows its own favicon', async ({ page }) => {
  await visit(page, '/login/email');
  const be = await favicon(page);
  await visit(page, `${LU_URL}/login/email`);
  const lu = await favicon(page);
  expect(be.type).toBe('image/x-icon');
  expect(lu.type).toBe('image/x-icon');
  expect(be.bytes.length).toBeGreaterThan(100);
  expect(be.bytes).not.toEqual(lu.bytes);
});
