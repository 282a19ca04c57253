#!/usr/bin/env node
// `pnpm --filter @portal/web size`: builds the web app (browser and server
// bundles) and the gateway, serves them, loads /login/email in Chromium as a
// first-time visitor and prints every JavaScript file the page has loaded by
// network idle, with the bytes that came over the wire (compressed as the
// gateway serves them: brotli), and their total. Fails above the budget
// (150 KB): what a person waits for and downloads, all of it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import { chromium } from 'playwright-core';

const BUDGET = 150 * 1024;
const PAGE = '/login/email';
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..');
const outDir = mkdtempSync(join(tmpdir(), 'portal-web-size-'));

function run(cwd, cmd, args) {
  const done = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (done.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
}

let gateway;
let browser;
try {
  const vite = join(web, 'node_modules/.bin/vite');
  run(web, vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);
  run(web, vite, [
    'build',
    '--ssr',
    'src/entry-server.tsx',
    '--outDir',
    join(outDir, 'ssr'),
    '--logLevel',
    'error',
  ]);
  run(join(root, 'gateway'), process.execPath, ['build.mjs']);

  const port = await getPort();
  const origin = `http://be.localhost:${port}`;
  gateway = spawn(process.execPath, [join(root, 'gateway/dist/server.mjs')], {
    cwd: join(root, 'gateway'),
    env: {
      ...process.env,
      PORT: String(port),
      WEB_DIST: outDir,
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN_BE: origin,
      PUBLIC_ORIGIN_LU: `http://lu.localhost:${port}`,
      // The page makes no account call before it is used: no upstream needed.
      UPSTREAM_BE_URL: 'http://127.0.0.1:9',
      UPSTREAM_LU_URL: 'http://127.0.0.1:9',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (tries > 120) throw new Error('the gateway did not start');
    await new Promise((r) => setTimeout(r, 250));
  }

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  });
  const page = await browser.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const response = await request.response();
    const sizes = await request.sizes();
    scripts.push({
      file: new URL(request.url()).pathname,
      bytes: sizes.responseBodySize,
      encoding: response?.headers()['content-encoding'] ?? 'none',
    });
  });
  await page.goto(`${origin}${PAGE}`, { waitUntil: 'networkidle' });
  // Whatever the page starts after idle (a late chunk) counts too.
  await page.waitForTimeout(1000);

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const { file, bytes, encoding } of scripts.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`${kb(bytes).padStart(9)}  ${file}  (${encoding})`);
  }
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `\n${PAGE}: ${scripts.length} scripts, ${kb(total)} of compressed JavaScript by network idle, ${total} bytes (budget ${kb(BUDGET)}, ${BUDGET} bytes)`,
  );
  if (total > BUDGET) {
    console.error('Over budget.');
    process.exitCode = 1;
  }
} finally {
  await browser?.close();
  gateway?.kill('SIGTERM');
  rmSync(outDir, { recursive: true, force: true });
}
