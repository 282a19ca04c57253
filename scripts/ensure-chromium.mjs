#!/usr/bin/env node
// The browser tests drive Debian's Chromium. Nothing can download Playwright's
// own browsers here, so: use /usr/bin/chromium (or $CHROMIUM_PATH); when it is
// missing and we are root, install Debian's package; otherwise say what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log('Chromium is missing: installing Debian\'s "chromium" package…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  } catch {
    console.error('Installing chromium with apt-get failed.');
    process.exit(1);
  }
  if (existsSync(path)) process.exit(0);
}
console.error(
  `The browser tests need Chromium at ${path}.\n` +
    'Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH)',
);
process.exit(1);
