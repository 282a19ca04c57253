import type { TFunction } from 'i18next';
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

/** A page's title: the page and the product, in the same order and dash in every language. */
export function pageTitleOf(t: TFunction, route: RouteName | null): string {
  const key = pageTitleKeyOf(route);
  const product = t('common.app.name');
  return key ? `${t(`titles.pages.${key}`)} – ${product}` : product;
}

/**
 * `document.title` names the page and the product in the current language,
 * set on each route change with the focus (docs/journeys-signin.md, One
 * focus rule). Titles are keyed by the spec's route names, the one route
 * table: the app uses react-router's declarative router (bundle budget),
 * where route `handle`s cannot be read back with `useMatches`.
 */
export function usePageTitle(): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = routeNameOf(pathname);
  useEffect(() => {
    let current = true;
    // A server-drawn page brings its titles with it; other pages load them here.
    void ensureNamespaces(['titles']).then(() => {
      if (current) document.title = pageTitleOf(t, route);
    });
    return () => {
      current = false;
    };
  }, [route, t]);
}

/** How long a page may take to show its heading (its code and data load first). */
const HEADING_WAIT_MS = 10_000;

/** Fields a person types into or picks from; not the hidden helpers of password managers. */
const FIELD = [
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button])',
  'select',
  'textarea',
]
  .map((s) => `form ${s}:not([disabled]):not([readonly]):not([tabindex="-1"])`)
  .join(', ');

/**
 * Where the cursor goes when a page opens (docs/journeys-signin.md): the first field
 * when the page's job is a form (the heading's section holds one form), so
 * that typing starts at once and a phone's keyboard opens; otherwise the
 * page's heading, focusable by script only and without a ring (the ring marks
 * where the keyboard acts, and a heading takes no action).
 */
export function pageFocusTarget(heading: HTMLElement): HTMLElement {
  const section = heading.closest('section');
  if (
    section &&
    section.dataset.focus !== 'heading' &&
    section.querySelectorAll('form').length === 1
  ) {
    const field = section.querySelector<HTMLElement>(FIELD);
    if (field) return field;
  }
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

/**
 * On every route change focus moves by `pageFocusTarget`: the first field of
 * a form page, else the main heading, so that a keyboard user continues from
 * the top of the new page and a screen reader reads its name. On the first
 * page only a form page takes the focus (its field); elsewhere the browser's
 * own focus start applies. Screens load on demand and may show a loading
 * state first: the heading is awaited until it appears in `main`. A field the
 * screen focused itself (an `autoFocus`) keeps the focus, and so does, on the
 * first page, anything the visitor focused before the script took over.
 */
export function useHeadingFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on each new pathname
  useEffect(() => {
    const firstPage = first.current;
    first.current = false;
    const root = main.current;
    if (!root) return;
    return whenHeading(root, HEADING_WAIT_MS, (heading) => {
      const active = document.activeElement;
      if (
        active instanceof HTMLElement &&
        active !== heading &&
        root.contains(active) &&
        active.matches(FIELD)
      ) {
        return;
      }
      // On the first page, what the visitor reached before the script ran (a drawn
      // page is usable at once: the header's language list, a link) keeps the focus.
      if (firstPage && active instanceof HTMLElement && active !== document.body) return;
      const target = pageFocusTarget(heading);
      if (firstPage && target === heading) return;
      target.focus();
    });
  }, [pathname, main]);
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
