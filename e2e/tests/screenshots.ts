import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

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
