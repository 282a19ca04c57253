import { useEffect, useSyncExternalStore } from 'react';

/**
 * A drawn page (docs/decisions/0005-server-rendered-entry-pages.md) works as
 * plain HTML before its script arrives: its forms post to the gateway, its
 * links are links. What the person typed or chose in it meanwhile stays in
 * the fields, and React's hydration leaves a field's text alone; but a
 * controlled field's state starts from the component's initial value, and the
 * next render would put that back. So the DOM is read once, at hydration: a
 * text field's first state is what it shows (`drawnValue`, for state that
 * changes nothing but the field); state that changes what else is drawn (a
 * choice that shows another field, a password's rules ticked off) is taken
 * right after hydration (`useDrawnAtHydration`), since hydrating a tree other
 * than the server's is a mismatch. After it, nothing here reads the DOM.
 */

declare global {
  interface Window {
    /** Set once the app has taken the page over (the e2e suite waits for it). */
    __portalHydrated?: boolean;
  }
}

/** Whether the page in the document is the server's, being taken over now. */
let hydrating = false;

/** `main.tsx`, just before `hydrateRoot`: the fields on screen are the drawn page's. */
export function startHydrating(): void {
  hydrating = true;
}

/** The app has the page: rendered by it (no hydration), or hydrated (`Hydrated`). */
export function markHydrated(): void {
  hydrating = false;
  window.__portalHydrated = true;
}

/**
 * While a drawn page is hydrated, the text its field `id` shows (typed
 * before the script arrived, or drawn by the server), else `initial`.
 */
export function drawnValue(id: string, initial: string): string {
  if (!hydrating || typeof document === 'undefined') return initial;
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : initial;
}

/** While a drawn page is hydrated, the value of the radio button of group `name` it shows chosen. */
export function drawnChoice(name: string): string | undefined {
  if (!hydrating || typeof document === 'undefined') return undefined;
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')) {
    if (input.name === name) return input.value;
  }
  return undefined;
}

/**
 * Right after hydration (the screen's effects run before `Hydrated`'s),
 * `keep` gets what `read` finds on the drawn page (`drawnValue`,
 * `drawnChoice`), if anything: a state the first render could not start
 * from without drawing something else than the server did.
 */
export function useDrawnAtHydration<T>(read: () => T | undefined, keep: (found: T) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page is taken over
  useEffect(() => {
    const found = read();
    if (found !== undefined) keep(found);
  }, []);
}

/**
 * Rendered last inside the Suspense boundary that holds a drawn page's
 * screen (`app/guards.tsx`): React hydrates such a boundary in a pass of its
 * own, after the root, so its effect runs once the screen's fields are the
 * app's. From then on a screen's state starts from its own initial values.
 */
export function Hydrated(): null {
  useEffect(markHydrated, []);
  return null;
}

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while it is hydrated, true once the app
 * has the page: a button that only the script makes work (show password, a
 * passkey, the account menu, sign out) is drawn disabled, never dead.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
