import type { RefObject } from 'react';
import { useHeadingFocusOnNavigation, usePageTitle } from '../lib/page-navigation';

/** The tab title and the focus on each route change (issue 15, item 4). */
export function PageNavigation({ main }: { main: RefObject<HTMLElement | null> }) {
  usePageTitle();
  useHeadingFocusOnNavigation(main);
  return null;
}
