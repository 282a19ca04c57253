import type { Locale, Variant } from '@portal/contract';
import { languageOfLocale, REMEMBERED } from './i18n';

/** The LU variant also keeps the two-letter value (spec part 4, root on load). */
const REMEMBERED_SHORT = 'lang';

/**
 * The switcher's choice, kept for the next visit (read at start-up by
 * `rememberedLocale`). Apart from it, so that the first page does not carry it.
 */
export function rememberLocale(locale: Locale, variant: Variant): void {
  try {
    localStorage.setItem(REMEMBERED, locale);
    if (variant === 'lu') localStorage.setItem(REMEMBERED_SHORT, languageOfLocale(locale));
  } catch {
    // Storage unavailable: the choice lasts for this page only.
  }
}
