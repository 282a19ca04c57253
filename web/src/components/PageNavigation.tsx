import type { RefObject } from 'react';
import { useHeadingFocusOnNavigation, usePageTitle } from '../lib/page-navigation';

/** The tab title and the focus on each route change (docs/journeys-signin.md, One focus rule). */
export function PageNavigation({ main }: { main: RefObject<HTMLElement | null> }) {
  usePageTitle();
  useHeadingFocusOnNavigation(main);
  return null;
}
