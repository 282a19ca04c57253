import type { RefObject } from 'react';
import { useHeadingFocusOnNavigation, usePageTitle } from '../lib/page-navigation';
import { useCursorNeverLost } from '../lib/step-focus';

/**
 * The tab title and the focus on each route change, and the cursor never left
 * on the page itself (docs/focus.md).
 */
export function PageNavigation({ main }: { main: RefObject<HTMLElement | null> }) {
  usePageTitle();
  useHeadingFocusOnNavigation(main);
  useCursorNeverLost();
  return null;
}
