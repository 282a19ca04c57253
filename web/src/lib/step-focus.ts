import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The one focus rule inside a page (docs/focus.md): after every in-page step
 * (a code confirmed, a method added, a contact verified or made primary, a
 * save, a dialog closed, a list item removed) the cursor goes to the new
 * step's first field or heading, or to the control that continues, in sight
 * and clear of a toast; never to `<body>`, whatever order the renders finish
 * in. Route changes are `page-navigation.ts`'s; a field in error is the form's.
 */

/** What a step names as its target, asked again whenever the page changes. */
export type StepTarget = () => HTMLElement | null | undefined;

/** How long a step's target may take to appear (its data load first). */
const WAIT_MS = 10_000;
/** How long the target is kept focused through the renders that follow the step. */
const HOLD_MS = 3_000;

/** Headings a lost cursor falls back to, nearest first. */
const HEADING = 'h1, h2, h3';

/**
 * Whether `element` can take the cursor now: in the page, not disabled, drawn
 * (not hidden), and not behind an open dialog (React Aria hides the rest of
 * the page with `aria-hidden` or `inert` until it closes, then gives the
 * cursor back only if nothing took it).
 */
const usable = (element: HTMLElement | null | undefined): element is HTMLElement =>
  !!element &&
  element.isConnected &&
  !element.matches(':disabled') &&
  !element.closest('[hidden], [aria-hidden="true"], [inert]') &&
  // Where the browser can tell (not a test's DOM without layout): not display:none nor invisible.
  (typeof element.checkVisibility !== 'function' || element.checkVisibility());

/** Controls a person types into or picks from (a React Aria select is a button that opens a list). */
const FIELD =
  'input:not([type=hidden]):not([type=submit]):not([type=button]), select, textarea, button[aria-haspopup]';

/** The first field of `root` a person can reach with the keyboard (not a widget's hidden helper). */
export function firstField(root: Element | null | undefined): HTMLElement | null {
  if (!root) return null;
  for (const field of root.querySelectorAll<HTMLElement>(FIELD)) {
    if (field.tabIndex >= 0 && usable(field)) return field;
  }
  return null;
}

/** `document.activeElement` is nowhere: the page itself has the cursor. */
const lost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Puts the cursor on `element`: a heading becomes focusable by script only
 * (`tabindex=-1`); the element is scrolled just into view, which keeps it clear
 * of a toast (the page's `scroll-padding-bottom` while one shows, widgets.css).
 */
export function placeCursor(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: 'nearest' });
}

/**
 * The heading of the nearest part of the page still there around any of
 * `places` (tried in order), else the page's own `h1`.
 */
function survivingHeading(places: readonly Element[]): HTMLElement | null {
  for (const place of places) {
    for (let node: Element | null = place; node && node !== document.body; ) {
      if (node.isConnected) {
        const heading = node.querySelector<HTMLElement>(HEADING);
        if (heading) return heading;
      }
      node = node.parentElement;
    }
  }
  return document.querySelector<HTMLElement>('main h1');
}

/** The ancestors of `element`, nearest first (they outlive it when it is removed). */
const ancestorsOf = (element: Element | null): Element[] => {
  const around: Element[] = [];
  for (let node = element?.parentElement ?? null; node && node !== document.body; ) {
    around.push(node);
    node = node.parentElement;
  }
  return around;
};

/** The step whose target is awaited or held (one at a time: a newer step takes over). */
let current: (() => void) | null = null;

/**
 * After an in-page step: the cursor goes to `target` as soon as it is in the
 * page and usable (now, or after the render that draws it, however late), and
 * stays there through the renders that follow (a list read again, a control
 * drawn anew): if it is lost to `<body>` meanwhile, the target is asked again.
 * A target that never comes leaves the cursor on the nearest heading still
 * there. Stops when the person moves the cursor themselves or a newer step
 * takes over. Returns what stops it.
 */
export function focusStep(target: StepTarget): () => void {
  current?.();
  const from = document.activeElement;
  const places = from && from !== document.body ? [from, ...ancestorsOf(from)] : [];
  let placed: HTMLElement | null = null;
  const observer = new MutationObserver(() => check());
  let timer = window.setTimeout(() => {
    // The step never drew its target: the nearest heading still there, not the page.
    const heading = lost() ? survivingHeading(places) : null;
    if (heading) placeCursor(heading);
    stop();
  }, WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    if (current === stop) current = null;
  };
  const check = () => {
    if (placed && document.activeElement === placed) return; // kept
    // The person went on elsewhere, or a field the step drew focused itself (autoFocus).
    if (!lost() && document.activeElement !== (placed ?? from)) return stop();
    const element = target() ?? (placed ? survivingHeading([placed, ...places]) : null);
    if (!usable(element)) return;
    placeCursor(element);
    if (!placed) {
      // Held through the renders that follow the one that drew it, then left alone.
      window.clearTimeout(timer);
      timer = window.setTimeout(stop, HOLD_MS);
    }
    placed = element;
  };
  current = stop;
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'aria-hidden', 'inert', 'class', 'style'],
  });
  check();
  return stop;
}

/**
 * Declares a step: when `step` changes (not on the first render), the cursor
 * goes to `target` once React has drawn the new step (a layout effect), by
 * `focusStep`, unless a field of the new step focused itself.
 */
export function useStepFocus(step: unknown, target: StepTarget): void {
  const previous = useRef(step);
  const latest = useRef(target);
  latest.current = target;
  // Where the cursor was while the step was drawn: a field of the new step that
  // took it in the same commit (an autoFocus) keeps it.
  const before = useRef<Element | null>(null);
  before.current = typeof document === 'undefined' ? null : document.activeElement;
  useLayoutEffect(() => {
    if (Object.is(previous.current, step)) return;
    previous.current = step;
    if (!lost() && document.activeElement !== before.current) return;
    focusStep(() => latest.current());
  }, [step]);
}

/**
 * The safety net under the rule, for the whole app: when the control with the
 * cursor goes away (removed, disabled, hidden) and nothing took the cursor
 * after it, not even React Aria's return to a dialog's opener, the cursor
 * goes to the heading of the nearest part of the page still there.
 */
export function useCursorNeverLost(): void {
  useEffect(() => {
    /** The last controls that had the cursor, newest first, with their ancestors. */
    let history: Element[][] = [];
    const onFocus = (event: FocusEvent) => {
      const element = event.target;
      if (!(element instanceof Element) || element === document.body) return;
      history = [[element, ...ancestorsOf(element)], ...history].slice(0, 4);
    };
    let frame = 0;
    const rescue = () => {
      const last = history[0]?.[0];
      // A step under way puts the cursor itself (and falls back the same way).
      if (current || !lost() || !last || (last instanceof HTMLElement && usable(last))) return;
      const heading = survivingHeading(history.flat());
      if (heading) placeCursor(heading);
    };
    const observer = new MutationObserver(() => {
      if (!lost() || frame) return;
      // After React Aria's own return of the cursor (on the next frame).
      frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => {
          frame = 0;
          rescue();
        });
      });
    });
    document.addEventListener('focusin', onFocus);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled', 'hidden'],
    });
    return () => {
      document.removeEventListener('focusin', onFocus);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
