/** What the server bundle draws of one page (`web/src/entry-server.tsx`'s `DrawnPage`). */
export interface DrawnPage {
  /** `<html lang>`. */
  lang: string;
  /** `<title>`, escaped for HTML. */
  title: string;
  /** The root's inner HTML. */
  html: string;
  /** The JSON data block the first client render reads, safe inside `<script>`. */
  data: string;
}

/** The entry stylesheet's `<link>` in the built `index.html`. */
const ENTRY_STYLESHEET = /<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/;
const ROOT = '<div id="root"></div>';

/**
 * `template` with its first match of `pattern` replaced by what `by` makes of
 * it. Always through a function: a replacement *string* given to
 * `String.prototype.replace` has its own patterns (`` $` ``, `$'`, `$&`, `$$`,
 * `$1`) expanded, and a drawn page carries the user's data and the address's
 * query, where those are plain text (issue 36, item 3: a first name of
 * `` Eve$` `` printed the template, and the account's record, into the page).
 */
const swap = (
  template: string,
  pattern: RegExp | string,
  by: (match: string, ...groups: string[]) => string,
) =>
  template.replace(pattern, (match: string, ...rest: unknown[]) =>
    by(match, ...rest.filter((part): part is string => typeof part === 'string')),
  );

/**
 * The built `index.html` with a drawn page in it: its language, title,
 * styles, markup and data block. No part of `page` is read as a pattern: the
 * template's parts are found first, and the page's text put in as it is.
 */
export function assemblePage(template: string, page: DrawnPage, css: string): string {
  let html = template;
  // The page's styles in the HTML (allowed by their hash): it paints with the HTML alone.
  html = swap(html, ENTRY_STYLESHEET, (link) => (css ? `<style>${css}</style>` : link));
  html = swap(html, '<html lang="en">', () => `<html lang="${page.lang}">`);
  html = swap(html, /<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`);
  // The page brings its config and needs no user: no request to preload.
  html = html.replace(/\s*<link rel="preload" href="\/api\/[^>]*>/g, () => '');
  html = swap(html, /\s*<!--[^>]*lib\/session\.ts\)\. -->/, () => '');
  // The shell's word for a browser without script: a drawn page works without it.
  html = swap(html, /\s*<!--[^>]*no-script\.test\.ts\)\. -->/, () => '');
  html = swap(html, /\s*<noscript id="no-script">[\s\S]*?<\/noscript>/, () => '');
  // The app starts after the page's first paint (docs/decisions/0014-the-app-starts-after-the-first-paint.md): the built entry is
  // named in a meta element, which the portal's own `/boot.js` (web/public) loads once painted.
  html = swap(
    html,
    /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
    (_tag, entry = '') =>
      `<meta name="portal-entry" content="${entry}"><script type="module" src="/boot.js"></script>`,
  );
  // The page's markup and data last, split around the root: nothing after them is searched.
  const at = html.indexOf(ROOT);
  if (at < 0) return html;
  return [
    html.slice(0, at),
    `<div id="root">${page.html}</div>`,
    `<script type="application/json" id="page-data">${page.data}</script>`,
    html.slice(at + ROOT.length),
  ].join('');
}
