import type { RefObject } from 'react';
import { useHeadingFocusOnNavigation, usePageTitle } from '../lib/page-navigation';

/**
 * The tab title and the focus on each route change (issue 15, item 4), loaded
 * just after the first page rather than with it (bundle budget of /login/email).
 */
export default function PageNavigation({ main }: { main: RefObject<HTMLElement | null> }) {
  usePageTitle();
  useHeadingFocusOnNavigation(main);
  return null;
}
