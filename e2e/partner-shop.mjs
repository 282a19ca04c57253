#!/usr/bin/env node
// Partner Shop's own site, as the e2e suites meet it: the page its callback
// (`http://127.0.0.1:5555/callback`, its registered redirect_uri) shows when
// the portal sends the browser back with a code, or with the refusal. A real
// server rather than a route the browser fakes: a redirect's target is a
// request Chromium's headless shell does not let Playwright answer, and a
// partner's site is a real part of the journey. The tests read the code from
// the address and exchange it themselves, as the partner's server would.
// PARTNER_SHOP_PORT moves it (default 5555).
import { createServer } from 'node:http';

const port = Number(process.env.PARTNER_SHOP_PORT ?? 5555);
const page = (title, text) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title>` +
  `<h1>Partner Shop</h1><p>${text}</p></html>`;

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const send = (status, body) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(body);
  };
  if (url.pathname === '/') return send(200, page('Partner Shop', 'Welcome.'));
  if (url.pathname !== '/callback') return send(404, page('Not found', 'No such page.'));
  if (url.searchParams.has('code'))
    return send(200, page('Partner Shop', 'Signed in with My Account.'));
  return send(200, page('Partner Shop', 'You did not sign in with My Account.'));
}).listen(port, '127.0.0.1', () => console.log(`Partner Shop on http://127.0.0.1:${port}`));
