import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ensureNamespaces } from '../i18n/i18n';
import type { PageTitleKey } from '../i18n/locales/en/titles';
import { type RouteName, routeNameOf } from './routes';

/** The text key of a route's page title; null for the routes that only redirect. */
export const pageTitleKeyOf = (route: RouteName | null): PageTitleKey | null =>
  route === null || route === 'home' || route === 'login'
    ? null
    : (route.replaceAll('.', '_') as PageTitleKey);

/**
 * `document.title` names the page and the product in the current language
 * (issue 15, item 4). Titles are keyed by the spec's route names, the one
 * route table: the app uses react-router's declarative router (bundle budget),
 * where route `handle`s cannot be read back with `useMatches`.
 */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = pageTitleKeyOf(routeNameOf(pathname));
  useEffect(() => {
    let current = true;
    // The titles load just after the first page, not before it (bundle budget of /login/email).
    void ensureNamespaces(['titles']).then(() => {
      if (!current) return;
      const product = t('common.app.name');
      // The same order and dash in every language, as in the browsers' own tab titles.
      document.title = key ? `${t(`titles.pages.${key}`)} – ${product}` : product;
    });
    return () => {
      current = false;
    };
  }, [key, t]);
}

/** How long a page may take to show its heading (its code and data load first). */
const HEADING_WAIT_MS = 10_000;

/**
 * On every route change (not the first page, where the browser's own focus
 * start applies), focus moves to the new page's main heading, so that a
 * keyboard user continues from the top of the new page and a screen reader
 * reads its name. Screens load on demand and may show a loading state first:
 * the heading is awaited until it appears in `main`.
 */
export function useHeadingFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on each new pathname
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    return whenHeading(root, HEADING_WAIT_MS, (heading) => {
      // Focusable by script only: the heading does not join the tab order.
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus();
    });
  }, [pathname, main]);
}

/** How long the header's tools wait for the first page's heading at most. */
const FIRST_PAGE_WAIT_MS = 3000;

/**
 * Calls `onShown` once the first page's main heading is on screen and the
 * browser is idle (or after 3 s whatever happens): the header's tools (the
 * language and account menus, and the widget library they bring) load after
 * the page's own content instead of competing with it.
 */
export function useAfterFirstPage(main: RefObject<HTMLElement | null>, onShown: () => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first page
  useEffect(() => {
    const root = main.current;
    let cancelIdle = () => {};
    const shown = () => {
      if (typeof requestIdleCallback === 'function') {
        const handle = requestIdleCallback(onShown, { timeout: 1000 });
        cancelIdle = () => cancelIdleCallback(handle);
      } else {
        const timer = setTimeout(onShown, 1);
        cancelIdle = () => clearTimeout(timer);
      }
    };
    let stopWaiting: () => void;
    if (root) {
      stopWaiting = whenHeading(root, FIRST_PAGE_WAIT_MS, shown, shown);
    } else {
      const timer = setTimeout(shown, FIRST_PAGE_WAIT_MS);
      stopWaiting = () => clearTimeout(timer);
    }
    return () => {
      stopWaiting();
      cancelIdle();
    };
  }, []);
}

/**
 * Calls `found` with `root`'s main heading (its first `h1`) as soon as it is
 * there, now or once the page's code and data have drawn it, waiting at most
 * `waitMs` (then `timedOut`, if given). Returns what stops the wait.
 */
function whenHeading(
  root: HTMLElement,
  waitMs: number,
  found: (heading: HTMLElement) => void,
  timedOut?: () => void,
): () => void {
  const observer = new MutationObserver(() => look());
  const timer = setTimeout(() => {
    observer.disconnect();
    timedOut?.();
  }, waitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  const look = () => {
    const heading = root.querySelector('h1');
    if (!heading) return false;
    stop();
    found(heading);
    return true;
  };
  if (!look()) observer.observe(root, { childList: true, subtree: true });
  return stop;
}
