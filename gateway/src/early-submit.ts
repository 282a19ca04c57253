import { createHash } from 'node:crypto';

/**
 * A server-drawn form can be sent before the app's script has taken the page
 * over (a slow phone, a quick Enter). Sent natively it would reload the page
 * and lose what was typed (a GET would even put it in the address). This
 * inline script, the only one on a drawn page, holds such a submit: it stops
 * the browser's own and notes the form and its button; once hydrated, the app
 * sends it as if pressed then (`web/src/lib/early-submit.ts`). It stops
 * holding as soon as the app says it is there (`__portalHydrated`).
 *
 * Allowed by the CSP by its hash, not by `'unsafe-inline'`: any other inline
 * script, injected or not, is still refused.
 */
export const EARLY_SUBMIT_SCRIPT =
  "document.addEventListener('submit',function(e){if(window.__portalHydrated)return;" +
  'e.preventDefault();window.__portalEarlySubmit={form:e.target,submitter:e.submitter||null};' +
  "e.target.setAttribute('aria-busy','true')},true);";

/** The script's CSP source expression: `'sha256-…'`. */
export const EARLY_SUBMIT_HASH = `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT).digest('base64')}'`;
