#!/usr/bin/env node
// `pnpm --filter @portal/e2e lighthouse`: Lighthouse (mobile, its default
// simulated throttling) on the server-drawn /login/email in each Belgian
// language and on the Luxembourg variant, and, signed in, on /user/dashboard,
// driving Debian's Chromium. Starts its own stack on free ports (as the e2e
// config does), prints the scores and metrics against the budgets
// (docs/performance.md) and exits 1 when one is missed. Each page is measured
// `LIGHTHOUSE_RUNS` times (default 3) and judged by its median run, as
// Lighthouse CI does: one run's total blocking time can differ from the next
// by several hundred ms on the same machine. Not part of `pnpm test`:
// performance scores depend on how busy the machine is.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import getPort from 'get-port';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

/** The sign-in page, drawn on the server: what a first visit on a phone waits for. */
const SIGN_IN_BUDGET = {
  performance: 98,
  accessibility: 100,
  FCP: 1000,
  LCP: 1200,
  TBT: 100,
  CLS: 0,
};
const DASHBOARD_BUDGET = { performance: 95, accessibility: 100 };
/** How many times each page is measured; its median run is the one judged. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(
    `LIGHTHOUSE_RUNS must be a whole number of at least 1, not ${process.env.LIGHTHOUSE_RUNS}`,
  );
  process.exit(2);
}
/** The lowest and highest of every run's figure, printed beside the median run's. */
const spread = (values) => (RUNS === 1 ? '-' : `${Math.min(...values)}–${Math.max(...values)}`);
const USER = 'employee@example.be';
const PASSWORD = 'Portal-Demo-2026!';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the full Lighthouse reports go (JSON, one per page). */
const REPORTS = join(root, 'e2e', 'artifacts', 'lighthouse');

const [gatewayPort, managementPort, bePort, luPort] = [
  await getPort(),
  await getPort(),
  await getPort(),
  await getPort(),
];
const origin = `http://be.localhost:${gatewayPort}`;
const luOrigin = `http://lu.localhost:${gatewayPort}`;

/**
 * An HTTP call to the gateway by IP, named by the Belgian origin's Host (Node
 * does not resolve `*.localhost`; the gateway answers 421 to other hosts).
 */
function call(port, path, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          ...headers,
          ...(data
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }
            : {}),
        },
      },
      (res) => {
        text(res)
          .then((raw) =>
            resolve({
              status: res.statusCode,
              headers: res.headers,
              body: raw ? JSON.parse(raw) : null,
            }),
          )
          .catch(reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * A returning signed-in visitor, as the browser behind `port` would have one
 * after signing in: the session's cookies (`a=1; b=2`) in its jar, and what
 * the web app keeps of the account in local storage, its language alone
 * (`lib/session.ts`), read from the gateway with those cookies.
 */
async function signedInBrowser(port, header) {
  const user = await call(gatewayPort, '/api/user', {
    headers: { host: `be.localhost:${gatewayPort}`, cookie: header },
  });
  if (user.status !== 200) throw new Error(`reading the account answered ${user.status}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const cookies = header.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${origin}/healthz`);
    await page.evaluate(
      (copy) => localStorage.setItem('account', copy),
      JSON.stringify({ language: user.body.data.language }),
    );
    await page.close();
    // And the language cookie its sign-in left: the account's own (set by the gateway when the session starts, gateway/src/flows/sign-in.ts).
    await context.addCookies([{ name: 'lang', value: user.body.data.language, url: origin }]);
  } finally {
    await browser.close();
  }
}

/** The `lang` cookie a visitor who chose `language` has (web/src/i18n/remember.ts). */
async function languageCookie(port, base, language) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies([{ name: 'lang', value: language, url: base }]);
  } finally {
    await browser.close();
  }
}

async function waitForHealth() {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    try {
      // The gateway, and the Belgian mock behind it (it starts more slowly, from source).
      const [gateway, mock] = [
        await call(gatewayPort, '/healthz'),
        await call(bePort, '/__dev/outbox?to=x'),
      ];
      if (gateway.status === 200 && mock.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the stack did not become healthy within 3 minutes');
}

/** Signs the demo employee in through the portal API (MFA by the e-mail code of the mock's outbox). */
async function signIn() {
  const headers = {
    host: `be.localhost:${gatewayPort}`,
    origin,
    'x-device-id': randomUUID(),
  };
  // Every cookie the gateway sets on the way (the session's and the device's), as a browser keeps them.
  const jar = new Map();
  /** Keeps the cookies `res` sets; returns the `Cookie` header the browser now sends. */
  const keep = (res) => {
    for (const c of res.headers['set-cookie'] ?? []) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  };
  // The sign-in flow's steps (docs/flows.md): the password, then the e-mail code.
  const first = await call(gatewayPort, '/api/sign-in/password', {
    method: 'POST',
    headers,
    body: { username: USER, password: PASSWORD },
  });
  headers.cookie = keep(first);
  if (first.status === 200 && jar.has('access_token')) return headers.cookie;
  if (first.status !== 200 || !first.body.view) throw new Error(`sign-in answered ${first.status}`);
  const { methods, check } = first.body.view;
  if (check?.method !== 'email') {
    const email = methods.find((m) => m.method === 'email');
    const sent = await call(gatewayPort, '/api/sign-in/method', {
      method: 'POST',
      headers,
      body: { mfaId: email.id },
    });
    if (sent.status !== 200) throw new Error(`sending the MFA code answered ${sent.status}`);
  }
  const outbox = await call(bePort, `/__dev/outbox?to=${encodeURIComponent(USER)}`);
  const code = outbox.body.messages[0]?.code;
  const done = await call(gatewayPort, '/api/sign-in/code', {
    method: 'POST',
    headers,
    body: { code },
  });
  const cookie = keep(done);
  if (done.status !== 200 || !jar.has('access_token')) {
    throw new Error(`the MFA check answered ${done.status}`);
  }
  return cookie;
}

// Its own build of the web app (a running e2e suite serves web/dist: leave it alone), then the gateway's bundle.
const webDist = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
for (const [pkg, cmd, args] of [
  [
    'web',
    join(root, 'web/node_modules/.bin/vite'),
    ['build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
  ],
  [
    'web',
    join(root, 'web/node_modules/.bin/vite'),
    [
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(webDist, 'ssr'),
      '--logLevel',
      'error',
    ],
  ],
  ['gateway', process.execPath, ['build.mjs']],
]) {
  const build = spawnSync(cmd, args, {
    cwd: join(root, pkg),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const stack = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '--no-build'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(gatewayPort),
    // Beside any other stack on this machine (the e2e suite's, your own `pnpm start`).
    MANAGEMENT_PORT: String(managementPort),
    MOCK_BE_PORT: String(bePort),
    MOCK_LU_PORT: String(luPort),
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
let failed = false;
try {
  console.log(`starting the stack on ${origin} …`);
  await waitForHealth();
  const cookie = await signIn();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // `LIGHTHOUSE_ONLY=dashboard`: only the pages whose path has that in it.
  const only = process.env.LIGHTHOUSE_ONLY;
  const signInPage = (base, language) => ({
    base,
    path: '/login/email',
    language,
    signedIn: false,
    budget: SIGN_IN_BUDGET,
  });
  const pages = [
    signInPage(origin, 'en'),
    signInPage(origin, 'fr'),
    signInPage(origin, 'nl'),
    signInPage(luOrigin, 'fr'),
    // In the account's language, as a returning user has it (`signedInBrowser`).
    {
      base: origin,
      path: '/user/dashboard',
      language: null,
      signedIn: true,
      budget: DASHBOARD_BUDGET,
    },
  ].filter(({ path }) => !only || path.includes(only));
  const rows = [];
  for (const { base, path, language, signedIn, budget } of pages) {
    // The sign-in's cookies go into the browser's own jar, as a signed-in visitor has
    // them (an extra Cookie header would lose to the jar once the page sets a cookie),
    // with the account copy the web app keeps.
    if (signedIn) await signedInBrowser(chrome.port, cookie);
    // The visitor's language, as a returning visitor's cookie brings it (the server draws the page in it).
    if (language) await languageCookie(chrome.port, base, language);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(
        await lighthouse(
          `${base}${path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
          },
          // The default configuration: mobile form factor, simulated slow 4G and 4x CPU slowdown.
          undefined,
        ),
      );
    }
    // A run that drew nothing (Lighthouse's runtime error: the page failed to load) has no
    // figures to judge: named here, with Lighthouse's reason, and the page counts as missed.
    const broken = runs.filter((r) => r.lhr.audits['first-contentful-paint']?.numericValue == null);
    if (broken.length > 0) {
      for (const { lhr } of broken) {
        const why = lhr.runtimeError ?? { code: 'NO_FCP', message: 'no first paint' };
        console.error(`${base}${path}: a run failed: ${why.code}: ${why.message}`);
      }
      failed = true;
      continue;
    }
    // The run with the median first paint and time to interactive (Lighthouse CI's choice).
    const median = computeMedianRun(runs.map((r) => r.lhr));
    const result = runs.find((r) => r.lhr === median) ?? runs[0];
    const { lhr } = result;
    // The whole report, for a look at what delays the paint (`lhr.audits`).
    mkdirSync(REPORTS, { recursive: true });
    const name = `${new URL(base).hostname.split('.')[0]}${path.replaceAll('/', '-')}${language ? `-${language}` : ''}`;
    writeFileSync(join(REPORTS, `${name}.json`), result.report);
    // `LIGHTHOUSE_TRACE=1`: the page's Chromium trace too, for a look at its long tasks
    // (`node e2e/long-tasks.mjs <file>`, or DevTools' Performance panel).
    if (process.env.LIGHTHOUSE_TRACE)
      writeFileSync(join(REPORTS, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== path) throw new Error(`${path} ended on ${finalPath} (not signed in?)`);
    const score = (c) => Math.round((lhr.categories[c].score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id);
    const metric = (id) => {
      const value = lhr.audits[id].numericValue;
      if (value === undefined)
        throw new Error(`${name}: no ${id} (${lhr.audits[id].errorMessage})`);
      return value;
    };
    rows.push({
      page: name,
      budget,
      performance: score('performance'),
      accessibility: score('accessibility'),
      FCP: Math.round(metric('first-contentful-paint')),
      LCP: Math.round(metric('largest-contentful-paint')),
      TBT: Math.round(metric('total-blocking-time')),
      'TBT of all runs': spread(
        runs.map((r) => Math.round(r.lhr.audits['total-blocking-time'].numericValue ?? 0)),
      ),
      'performance of all runs': spread(
        runs.map((r) => Math.round((r.lhr.categories.performance.score ?? 0) * 100)),
      ),
      CLS: Number(metric('cumulative-layout-shift').toFixed(3)),
      'failed a11y audits': failing.join(', ') || '-',
      // Lighthouse's own measure of this machine's speed: the same page scores lower on a
      // slower or busier machine (docs/performance.md).
      'CPU index': Math.round(lhr.environment.benchmarkIndex),
    });
  }
  console.table(rows.map(({ budget: _, ...row }) => row));
  for (const row of rows) {
    for (const [measure, limit] of Object.entries(row.budget)) {
      // Scores are at least their budget; times (ms) and layout shift at most theirs.
      const score = measure === 'performance' || measure === 'accessibility';
      const ok = score ? row[measure] >= limit : row[measure] <= limit;
      if (!ok) failed = true;
      console.log(
        `${row.page} ${measure}: ${row[measure]} (budget ${score ? '≥' : '≤'} ${limit}${score || measure === 'CLS' ? '' : ' ms'}) ${ok ? 'met' : 'MISSED'}`,
      );
    }
  }
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  if (chrome) await chrome.kill();
  stack.kill('SIGTERM');
  rmSync(webDist, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
