#!/usr/bin/env node
// The browser tests drive Debian's browsers: Chromium through Playwright, and
// Firefox ESR through puppeteer-core (WebDriver BiDi). Nothing can download
// Playwright's or Puppeteer's own browsers here, so: use the system binaries
// (or $CHROMIUM_PATH / $FIREFOX_PATH); when one is missing and we are root,
// install Debian's package; otherwise say what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Chromium's headless shell is what the Playwright suites run (e2e/chromium.ts):
// installed when we can; a machine with only the whole browser runs the same
// tests in it, more slowly.
const shell = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ||
  (existsSync(shell) || process.getuid?.() === 0 || !existsSync('/usr/bin/chromium')
    ? shell
    : '/usr/bin/chromium');

const browsers = [
  {
    name: "Chromium's headless shell",
    path: chromium,
    pkg: 'chromium-headless-shell',
    env: 'CHROMIUM_PATH',
  },
  {
    name: 'Firefox ESR',
    path: process.env.FIREFOX_PATH || '/usr/bin/firefox-esr',
    pkg: 'firefox-esr',
    env: 'FIREFOX_PATH',
  },
];

const missing = browsers.filter((b) => !existsSync(b.path));
if (missing.length === 0) process.exit(0);

if (process.getuid?.() === 0) {
  const packages = missing.map((b) => b.pkg);
  console.log(`Installing Debian's ${packages.join(', ')} for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.error(`Installing ${packages.join(', ')} with apt-get failed.`);
    process.exit(1);
  }
}
const still = browsers.filter((b) => !existsSync(b.path));
if (still.length === 0) process.exit(0);
for (const b of still) {
  console.error(
    `The browser tests need ${b.name} at ${b.path}.\n` +
      `Install it with: sudo apt-get install ${b.pkg}   (or set ${b.env})`,
  );
}
process.exit(1);
