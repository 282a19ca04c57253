import type { PublicOrigin } from '../origins';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const NAMES = { be: 'Belgium · België · Belgique', lu: 'Luxembourg' } as const;

/**
 * The page a browser gets at an address the portal is not configured for
 * (421): where the portal is, instead of a blank or foreign app. Plain HTML
 * with no script or style, so it needs nothing from the web app's CSP.
 */
export function misdirectedPage(origins: readonly PublicOrigin[]): string {
  const links = origins
    .map(
      (o) =>
        `<li><a href="${escapeHtml(o.origin)}/">${escapeHtml(o.origin)}</a> (${NAMES[o.variant]})</li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Wrong address · Account portal</title></head>
<body><main><h1>This address is not served by the account portal</h1>
<p>The account portal is available at:</p><ul>${links}</ul>
<p lang="fr">Cette adresse n’est pas celle du portail. · <span lang="nl">Dit adres is niet dat van het portaal.</span></p>
</main></body></html>`;
}
