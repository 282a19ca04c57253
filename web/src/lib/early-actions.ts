import { useEffect } from 'react';

/**
 * What the visitor did on a drawn page before the script took it over: the
 * gateway's inline script (`gateway/src/early-actions.ts`) held each submit,
 * and each click on a link or a script-only button (`type="button"`) in
 * `<main>`, in order.
 * Once hydrated, the app stops that script holding anything and does them.
 */
type EarlyAction =
  | { form: HTMLFormElement; submitter: HTMLElement | null }
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

function perform(action: EarlyAction): void {
  if ('click' in action) {
    if (action.click.isConnected) action.click.click();
    return;
  }
  const { form, submitter } = action;
  form.removeAttribute('aria-busy');
  if (!form.isConnected) return;
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
export function useEarlyActions(): void {
  useEffect(() => {
    // Hydrated (this is its first effect): React's handlers take every action from now on;
    // what was held until now is done below.
    markHydrated();
    const held = window.__portalEarly ?? [];
    window.__portalEarly = [];
    if (held.length === 0) return;
    let cancelled = false;
    void (async () => {
      for (const action of held) {
        await settle(80);
        if (cancelled) return;
        perform(action);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
}
