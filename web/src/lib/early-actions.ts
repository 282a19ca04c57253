import { useEffect } from 'react';

/**
 * What the visitor did on a drawn page before the script took it over: the
 * gateway's inline script (`gateway/src/early-actions.ts`) held each submit,
 * and each click on a link or a script-only button (`type="button"`) in
 * `<main>`, in order.
 * Once hydrated, the app stops that script holding anything and does them.
 */
type EarlyAction =
  | {
      form: HTMLFormElement;
      submitter: HTMLElement | null;
      /** What each of the form's fields showed when it was sent: `[id or name, text]`. */
      shown?: [string, string][];
    }
  | { click: HTMLElement };

declare global {
  interface Window {
    __portalHydrated?: boolean;
    __portalEarly?: EarlyAction[];
  }
}

/** From now on the app's own handlers take every action. */
export function markHydrated(): void {
  window.__portalHydrated = true;
}

const settle = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * The form's text fields that no longer show what they showed when it was
 * sent, each with that text. Found by id or name, not by position: the
 * hydrated form may hold fields the drawn one did not.
 */
function changedSince(
  form: HTMLFormElement,
  shown: readonly (readonly [string, string])[],
): { field: HTMLInputElement; text: string }[] {
  return shown.flatMap(([key, text]) => {
    const field = key ? form.elements.namedItem(key) : null;
    return field instanceof HTMLInputElement && field.value !== text ? [{ field, text }] : [];
  });
}

/**
 * Sends a held form as it was when the person sent it. A render between
 * hydration and now may have drawn a field from a state its typed text had
 * not reached yet (the text comes back with the next render): wait a moment
 * for that, then put back what still differs, since the handlers send what
 * the fields show (`shownValue`).
 */
async function perform(action: EarlyAction): Promise<void> {
  if ('click' in action) {
    if (action.click.isConnected) action.click.click();
    return;
  }
  const { form, submitter, shown = [] } = action;
  for (let waited = 0; waited < 1000 && changedSince(form, shown).length > 0; waited += 50) {
    await settle(50);
  }
  form.removeAttribute('aria-busy');
  if (!form.isConnected) return;
  for (const { field, text } of changedSince(form, shown)) field.value = text;
  form.requestSubmit(
    submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined,
  );
}

/**
 * Does the held actions once the page's effects have run: the fields' typed
 * text reaches the components' state in their effects (`typed-before-script.ts`,
 * which looks again after 50 ms), so the first goes a moment after that, and
 * each next one once React has drawn what the previous one changed.
 */
function useEarlyActions(): void {
  useEffect(() => {
    // Hydrated: React's handlers take every action from now on; what was held until now is done below.
    markHydrated();
    const held = window.__portalEarly ?? [];
    window.__portalEarly = [];
    // Not cancelled with the effect: taken once, they are done even if the boundary
    // remounts (as StrictMode does in development); `perform` skips what left the page.
    void (async () => {
      for (const action of held) {
        await settle(80);
        await perform(action);
      }
    })();
  }, []);
}

/**
 * Rendered last inside the Suspense boundary that holds a drawn page's screen
 * (`app/guards.tsx`), so that its effect runs once that part of the page is
 * hydrated. React hydrates such a boundary in a pass of its own, after the
 * root has committed: an effect of the page's root would run while the form is
 * still the server's HTML, and a held submit done then would reach no React
 * handler and be sent by the browser (a POST that reloads the page, losing what
 * was typed; seen under CPU throttling). Nothing to do on a page drawn here.
 */
export function EarlyActions(): null {
  useEarlyActions();
  return null;
}
