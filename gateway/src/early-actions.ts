import { createHash } from 'node:crypto';

/**
 * A server-drawn page can be used before the app's script has taken it over
 * (a slow phone, a quick tap). Left to the browser, a form's submit would
 * reload the page and lose what was typed (a GET would even put it in the
 * address); a link in the page would load the next page whole, outside the
 * journey that leads to it. This inline script, the only one on a drawn page,
 * holds both (links in the page's `<main>`, and the buttons that only the script
 * makes work: show password, sign in with a passkey, the signed-in header's
 * account menu and sign-out): it stops the browser's own and queues them; once
 * hydrated, the app does them in order, as if done then
 * (`web/src/lib/early-actions.ts`). The header's links (language links, the
 * brand, the account pages' navigation) keep working without the script. It
 * stops holding as soon as the app says it is there (`__portalHydrated`).
 *
 * It also starts the app's script, once the whole page has been painted: the
 * drawn page names that script in a `<meta name="portal-entry">`, and the
 * script is fetched and run only after the page's last large paint, so that
 * neither its download nor its evaluation and the hydration that follows can
 * hold back any part of the page's paint, on a slow phone least of all
 * (docs/decisions/0005-server-rendered-entry-pages.md).
 *
 * Allowed by the CSP by its hash, not by `'unsafe-inline'`: any other inline
 * script, injected or not, is still refused. The script it adds is the
 * portal's own file, which `'self'` allows.
 */
export const EARLY_ACTIONS_SCRIPT = [
  '(function(){var w=window,d=document,q=w.__portalEarly=[];',
  // A held event goes no further: once `hydrateRoot` has run, React's own listener on the root
  // would otherwise take it too (hydrating the screen for it), and the queue would do it again:
  // a show-password press undone, a form sent twice.
  "d.addEventListener('submit',function(e){if(w.__portalHydrated)return;e.preventDefault();e.stopPropagation();",
  // What its fields showed when it was sent, which is what will be sent.
  'q.push({form:e.target,submitter:e.submitter||null,shown:[].map.call(e.target.elements,function(f){return[f.id||f.name,f.value]})});',
  "e.target.setAttribute('aria-busy','true')},true);",
  "d.addEventListener('click',function(e){if(w.__portalHydrated||e.button!==0||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;",
  "var t=e.target.closest&&e.target.closest('main a[href]:not([target]),button[type=button]');",
  'if(!t)return;e.preventDefault();e.stopPropagation();q.push({click:t})},true);',
  // The app's script, named in the page, is fetched and run once the page's last large paint is
  // in: two frames after the latest `largest-contentful-paint` entry (the lower part of a phone's
  // screen is painted a few frames after its top).
  "var s=0,g=0;function run(){if(s)return;s=1;var m=d.querySelector('meta[name=portal-entry]');",
  "if(!m)return;var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=m.content;d.head.appendChild(e)}",
  'function settle(){var k=++g;requestAnimationFrame(function(){requestAnimationFrame(function(){if(k===g)setTimeout(run,0)})})}',
  "try{new PerformanceObserver(settle).observe({type:'largest-contentful-paint',buffered:true})}catch(x){}",
  // A tab in the background paints no frame: its script runs all the same.
  "d.addEventListener('DOMContentLoaded',function(){settle();setTimeout(run,500)})})();",
].join('');

/** The script's CSP source expression: `'sha256-…'`. */
export const EARLY_ACTIONS_HASH = `'sha256-${createHash('sha256').update(EARLY_ACTIONS_SCRIPT).digest('base64')}'`;
