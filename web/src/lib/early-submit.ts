import { useEffect } from 'react';

/**
 * A form sent before the script took the page over: the gateway's inline
 * script on drawn pages (`gateway/src/early-submit.ts`) held it and noted the
 * form. Once hydrated, the app stops that script holding anything and sends
 * the form as if it had been pressed now.
 */
interface EarlySubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

declare global {
  interface Window {
    __portalHydrated?: boolean;
    __portalEarlySubmit?: EarlySubmit | null;
  }
}

/** From now on the app's own handlers take every submit. */
export function markHydrated(): void {
  window.__portalHydrated = true;
}

/**
 * Sends the held form once the page's effects have run: the fields' typed
 * text reaches the components' state in their effects (`typed-before-script.ts`,
 * which looks again after 50 ms), so the form goes a moment after that.
 */
export function useEarlySubmit(): void {
  useEffect(() => {
    const held = window.__portalEarlySubmit;
    if (!held) return;
    window.__portalEarlySubmit = null;
    const send = window.setTimeout(() => {
      held.form.removeAttribute('aria-busy');
      if (!held.form.isConnected) return;
      const submitter =
        held.submitter instanceof HTMLButtonElement && held.submitter.form === held.form
          ? held.submitter
          : undefined;
      held.form.requestSubmit(submitter);
    }, 80);
    return () => window.clearTimeout(send);
  }, []);
}
