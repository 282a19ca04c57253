#!/usr/bin/env node
// `node e2e/coop-cost.mjs [page] [runs]` (with `pnpm start` running; page default
// http://be.localhost:3000/login/email, runs default 3): what the browser's part of
// a drawn page costs in Lighthouse's total blocking time with and without the
// `Cross-Origin-Opener-Policy: same-origin` the gateway sends. It fetches the page's
// HTML once and serves that same HTML from a local server, with the gateway's other
// security headers, once with the header and once without, alternating, and runs
// Lighthouse (mobile defaults) on each. The app's script is not served there (its
// request fails), so the figures are the browser's work alone: the document's commit,
// parse, style, layout and paint (docs/performance.md, "Where the blocking time goes").
import { createServer, request } from 'node:http';
import { text } from 'node:stream/consumers';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const page = new URL(process.argv[2] ?? 'http://be.localhost:3000/login/email');
const runs = Number(process.argv[3] ?? 3);

/** The drawn page's HTML, asked of the gateway by IP with the page's Host (Node does not resolve `*.localhost`). */
const html = await new Promise((resolve, reject) => {
  const req = request(
    {
      host: '127.0.0.1',
      port: page.port || 80,
      path: page.pathname,
      headers: { host: page.host, 'accept-language': 'en' },
    },
    (res) => {
      if (res.statusCode !== 200) reject(new Error(`${page} answered ${res.statusCode}`));
      else text(res).then(resolve, reject);
    },
  );
  req.on('error', reject);
  req.end();
});

// The gateway's headers for a drawn page (plugins/security.ts), but the CSP: its script hash
// would refuse nothing here, and the app's script is not served anyway.
const SECURITY = {
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
const server = createServer((req, res) => {
  const coop = req.url.startsWith('/coop/');
  res.writeHead(req.url.endsWith('/page') ? 200 : 404, {
    'content-type': 'text/html; charset=utf-8',
    ...SECURITY,
    ...(coop ? { 'cross-origin-opener-policy': 'same-origin' } : {}),
  });
  res.end(req.url.endsWith('/page') ? html : '');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const results = { with: [], without: [] };
try {
  for (let run = 0; run < runs; run++) {
    for (const [label, path] of [
      ['without', '/plain/page'],
      ['with', '/coop/page'],
    ]) {
      const { lhr } = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      results[label].push(Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0));
    }
  }
} finally {
  await chrome.kill();
  server.close();
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const label of ['without', 'with']) {
  console.log(
    `${label.padEnd(7)} Cross-Origin-Opener-Policy: TBT ${results[label].join(', ')} ms (median ${median(results[label])})`,
  );
}
