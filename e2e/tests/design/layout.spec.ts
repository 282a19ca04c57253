import type { Page } from '@playwright/test';
import { writtenNumber } from '../../fixtures/accounts';
import { languageSwitcher } from '../../fixtures/language';
import { expect, type Login, test } from '../../fixtures/login';
import { appTookOver } from '../../fixtures/portal';
import { photograph } from '../../fixtures/screenshots';
import { BE_URL, LU_URL } from '../../playwright.config';

/*
 * The design system on narrow and wide screens (docs/flows.md, Screens):
 * nothing overflows sideways, the header stays one row, overlays stay inside
 * the viewport, widgets work by keyboard, and none of it breaks the CSP (how
 * React Aria's styles meet it: docs/decisions/0005-server-rendered-entry-pages.md).
 * Every screen visited leaves a screenshot in artifacts/screens.
 */

/**
 * Collects the page's style CSP violations (the browser fires an event for
 * each): widgets must not inject <style> elements or inline style attributes.
 */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      if (e.violatedDirective.startsWith('style-src')) {
        seen.push(`${e.violatedDirective} ${e.blockedURI}`);
      }
    });
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** The page is no wider than the viewport, and the header is one row. */
async function expectFits(page: Page, what: string) {
  const { scroll, width, header } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
    header: document.querySelector('header')?.getBoundingClientRect().height ?? 0,
  }));
  expect(scroll, `${what} overflows sideways`).toBeLessThanOrEqual(width);
  expect(header, `${what}: header on more than one row`).toBeLessThan(80);
}

/** Inside the viewport, whole. */
async function expectInViewport(
  page: Page,
  box: { x: number; y: number; width: number; height: number } | null,
) {
  const size = page.viewportSize();
  expect(box).not.toBeNull();
  if (!box || !size) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
}

/** Emma signed in (her account in English) on a 320 px phone, the page's style CSP violations watched. */
/** A copy of Emma's account signed in on a 320 px phone, in English: answered for the test. */
async function signedInOnPhone(page: Page, login: Login) {
  await watchCsp(page);
  await page.setViewportSize({ width: 320, height: 640 });
  return login('employee@example.be', { via: 'api', language: 'en' });
}

const shoot = (page: Page, name: string) => photograph(page, `artifacts/screens/${name}.png`);

const SCREENS = [
  '/user/dashboard',
  '/profile',
  '/profile/edit-credentials',
  '/security/history',
  '/user/access',
];

for (const variant of [
  { name: 'be', base: BE_URL, user: 'employee@example.be', languages: ['en', 'nl'] },
  { name: 'lu', base: LU_URL, user: 'marie@example.lu', languages: ['fr', 'de'] },
]) {
  for (const language of variant.languages) {
    test(`screens fit 320, 375 and 1280 px (${variant.name}, ${language})`, async ({
      page,
      login,
    }) => {
      test.setTimeout(240_000);
      await watchCsp(page);
      await login(variant.user, { via: 'api', origin: variant.base, language });
      // The language the header's switcher remembers (the page opens in it).
      const locale = variant.name === 'lu' ? `${language}_LU` : language;
      await page.evaluate((l) => {
        // biome-ignore lint/suspicious/noDocumentCookie: the test sets what the switcher sets
        document.cookie = `lang=${l.slice(0, 2)}; Path=/`;
      }, locale);
      for (const width of [320, 375, 1280]) {
        await page.setViewportSize({ width, height: width < 400 ? 740 : 900 });
        for (const path of SCREENS) {
          await page.goto(`${variant.base}${path}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
          await expect(page.locator('.loading')).toHaveCount(0);
          // The header's tools arrive just after the page: the fit and the picture include them.
          await expect(page.locator('.header-tools button:visible').first()).toBeVisible();
          await expectFits(page, `${path} ${language} ${width}px`);
          if (width !== 320) {
            await shoot(page, `${variant.name}-${language}-${width}${path.replaceAll('/', '-')}`);
          }
        }
      }
      expect(await cspViolations(page)).toEqual([]);
    });
  }
  test(`a signed-out page's header keeps its brand, language and Log in apart at 320 and 375 px (${variant.name})`, async ({
    page,
  }) => {
    const languages = variant.name === 'lu' ? ['fr', 'de', 'en'] : ['en', 'fr', 'nl'];
    for (const language of languages) {
      for (const width of [320, 375, 1280]) {
        await page.setViewportSize({ width, height: 600 });
        await page.goto(`${variant.base}/partner/no-account?lang=${language}`);
        const header = page.getByRole('banner');
        // "Log in" arrives once the app knows nobody is signed in: measured after it.
        const logIn = header.locator('.header-tools a.button');
        await expect(logIn).toBeVisible();
        const parts = [
          await header.getByRole('link').first().boundingBox(),
          await header.locator('summary').first().boundingBox(),
          await logIn.boundingBox(),
        ];
        const what = `${language} ${width}px`;
        for (const [i, box] of parts.entries()) {
          expect(box, what).not.toBeNull();
          const next = parts[i + 1];
          // Left to right, none over the next (the brand's name gives way on a phone).
          if (box && next) expect(box.x + box.width, what).toBeLessThanOrEqual(next.x);
        }
        // The brand's name stays the home link's, for a screen reader.
        await expect(header.getByRole('link').first()).toHaveAccessibleName(/\S/);
        await expectFits(page, `no-account ${what}`);
      }
    }
  });

  test(`the sign-in page fits 320 px (${variant.name})`, async ({ page }) => {
    await watchCsp(page);
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${variant.base}/login/email`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // One control in the header: the language list itself, in sight (not in a menu
      // that holds nothing else), opening on its languages.
      await expect(page.locator('.header-tools :is(button, summary):visible')).toHaveCount(1);
      await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
      const languages = languageSwitcher(page);
      await expect(languages.locator('summary')).toBeVisible();
      await languages.locator('summary').click();
      await expect(languages.getByRole('link', { name: 'Français' })).toBeVisible();
      await languages.locator('summary').click();
      await expectFits(page, `login ${width}px`);
      await shoot(page, `${variant.name}-login-${width}`);
    }
    expect(await cspViolations(page)).toEqual([]);
  });
}

test('narrow header: one menu with the languages and logout, by keyboard', async ({
  page,
  login,
}) => {
  await signedInOnPhone(page, login);
  await page.goto('/user/dashboard');
  const menuButton = page.getByRole('button', { name: /^Account(: | van )/ });
  // The menu is the script's: drawn disabled until the app has the page.
  await expect(menuButton).toBeEnabled();
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectInViewport(page, await menu.boundingBox());
  await shoot(page, 'be-en-320-header-menu');
  // Arrow keys move through the items; Escape closes and gives focus back to the button.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();
  // Choosing a language from the menu switches the page.
  await menuButton.click();
  await page.getByRole('menuitemradio', { name: 'Nederlands' }).click();
  await expect(page.getByRole('navigation', { name: 'Accountmenu' })).toBeVisible();
  // Logout is in the menu too.
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/\/login\/email/);
  expect(await cspViolations(page)).toEqual([]);
});

test('dialogs trap focus, close on Escape, give focus back and fit 320 px', async ({
  page,
  login,
}) => {
  await signedInOnPhone(page, login);
  await page.goto('/security/history');
  const opener = page.getByRole('button', { name: 'Log out everywhere' });
  await opener.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Measured once it has risen into place (a 180 ms entrance).
  await expect(page.locator('.modal[data-entering]')).toHaveCount(0);
  await expectInViewport(page, await dialog.boundingBox());
  await shoot(page, 'be-en-320-dialog');
  // Tab goes round inside the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await cspViolations(page)).toEqual([]);
});

test("a disabled action's reason stays inside a 320 px viewport", async ({ page, login }) => {
  const emma = await signedInOnPhone(page, login);
  await page.goto('/profile/edit-credentials');
  const remove = page.getByRole('button', { name: `Delete ${writtenNumber(emma.phone)}` });
  // Said on the page beside the button, for touch as much as for a mouse.
  const reason = page.getByText('At least one phone number must remain.');
  await expect(reason).toBeVisible();
  await expect(remove).toHaveAccessibleDescription('At least one phone number must remain.');
  await reason.scrollIntoViewIfNeeded();
  await expectInViewport(page, await reason.boundingBox());
  await shoot(page, 'be-en-320-reason');
  expect(await cspViolations(page)).toEqual([]);
});

test('wide header: the language list by keyboard', async ({ page }) => {
  await watchCsp(page);
  await page.goto('/login/email');
  // Escape closing the list is the app's (a `<details>` has no key of its own for it).
  await appTookOver(page);
  const opener = languageSwitcher(page).locator('summary');
  await opener.focus();
  await page.keyboard.press('Enter');
  const french = languageSwitcher(page).getByRole('link', { name: 'Français' });
  await expect(french).toBeVisible();
  await shoot(page, 'be-1280-language');
  await page.keyboard.press('Escape');
  await expect(french).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await cspViolations(page)).toEqual([]);
});

test('the section tabs keep the current one in view on a phone, also once it is turned', async ({
  page,
  login,
}) => {
  await login('employee@example.be', { via: 'api', language: 'en' });
  const tabs = page.getByRole('navigation', { name: 'Account menu' });
  const access = tabs.getByRole('link', { name: 'Access' });
  /** The current tab lies wholly inside the row's visible part. */
  const wholeInRow = async () => {
    const [row, tab] = [await tabs.getByRole('list').boundingBox(), await access.boundingBox()];
    expect(row && tab).toBeTruthy();
    if (!row || !tab) return;
    expect(tab.x).toBeGreaterThanOrEqual(row.x);
    expect(tab.x + tab.width).toBeLessThanOrEqual(row.x + row.width);
  };

  // Opened on a phone: the last section's tab is scrolled into view.
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/user/access');
  await expect(access).toHaveAttribute('aria-current', 'page');
  await expect.poll(async () => (await access.boundingBox())?.x ?? -1).toBeGreaterThan(0);
  await wholeInRow();

  // Opened wide, then narrowed (a tablet turned, a window made small): still in view.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  await expect(access).toHaveAttribute('aria-current', 'page');
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(async () => wholeInRow()).toPass();
});
