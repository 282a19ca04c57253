import type { RefObject } from 'react';
import {
  useAfterFirstPage,
  useHeadingFocusOnNavigation,
  usePageTitle,
} from '../lib/page-navigation';

/**
 * The tab title and the focus on each route change (issue 15, item 4), and
 * the signal that the first page is on screen; loaded just after the first
 * page rather than with it (bundle budget of /login/email).
 */
export default function PageNavigation({
  main,
  onFirstPage,
}: {
  main: RefObject<HTMLElement | null>;
  onFirstPage: () => void;
}) {
  usePageTitle();
  useHeadingFocusOnNavigation(main);
  useAfterFirstPage(main, onFirstPage);
  return null;
}
