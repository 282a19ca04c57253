import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../fixtures/a11y';

/** Where the screenshot specs keep their shots (test artefacts). */
const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');

/**
 * Screenshots of a screen phone-sized (375 px) and desktop-sized (1280 px),
 * (or only the `widths` given) saved as `<prefix>-<name>-<width>.png` in e2e/artifacts/screenshots/; each
 * shot also checks that nothing overflows sideways at 375 px.
 */
export function screenshotter(prefix: string) {
  mkdirSync(DIR, { recursive: true });
  return async function shoot(page: Page, name: string, widths: readonly number[] = [375, 1280]) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 375) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${name} overflows at 375 px`).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: join(DIR, `${prefix}-${name}-${width}.png`), fullPage: true });
    }
  };
}

/**
 * What each screen of a journey gets: the axe check, then its photographs
 * (`<prefix>-<what, as a file name>-<width>.png`, at `widths` if given).
 */
export function reviewer(prefix: string) {
  const shoot = screenshotter(prefix);
  return async function review(page: Page, what: string, widths?: readonly number[]) {
    await expectAccessible(page, what);
    const name = what
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    await shoot(page, name, widths);
  };
}
