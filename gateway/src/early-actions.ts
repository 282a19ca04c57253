import { createHash } from 'node:crypto';

/**
 * A server-drawn page can be used before the app's script has taken it over
 * (a slow phone, a quick tap). Left to the browser, a form's submit would
 * reload the page and lose what was typed (a GET would even put it in the
 * address); a link in the page would load the next page whole, outside the
 * journey that leads to it. This inline script, the only one on a drawn page,
 * holds both (links in the page's `<main>`): it stops the browser's own and
 * queues them; once hydrated, the app does them in order, as if done then
 * (`web/src/lib/early-actions.ts`). The header (language links, the brand)
 * keeps working without the script. It stops holding as soon as the app says
 * it is there (`__portalHydrated`).
 *
 * Allowed by the CSP by its hash, not by `'unsafe-inline'`: any other inline
 * script, injected or not, is still refused.
 */
export const EARLY_ACTIONS_SCRIPT = [
  '(function(){var w=window,d=document,q=w.__portalEarly=[];',
  "d.addEventListener('submit',function(e){if(w.__portalHydrated)return;e.preventDefault();",
  "q.push({form:e.target,submitter:e.submitter||null});e.target.setAttribute('aria-busy','true')},true);",
  "d.addEventListener('click',function(e){if(w.__portalHydrated||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;",
  "var t=e.target.closest&&e.target.closest('main a[href]:not([target])');",
  'if(!t)return;e.preventDefault();q.push({click:t})},true)})();',
].join('');

/** The script's CSP source expression: `'sha256-…'`. */
export const EARLY_ACTIONS_HASH = `'sha256-${createHash('sha256').update(EARLY_ACTIONS_SCRIPT).digest('base64')}'`;
