import { existsSync } from 'node:fs';

/** Debian's `chromium-headless-shell`, else its whole browser, `chromium`. */
const SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = '/usr/bin/chromium';

/**
 * Debian's Chromium as the Playwright configs launch it: its headless shell
 * (`chromium-headless-shell`, the same Blink without the browser's own
 * windows, what Playwright itself runs headless) where it is installed, else
 * the whole browser in its headless mode; never a downloaded browser, and
 * none of the background connections this machine's closed network would
 * refuse. The shell took the Playwright suite from 7.3 to 5.6 minutes on two
 * cores (docs/performance.md); the tests pass in either. CHROMIUM_PATH names
 * another binary.
 */
export function chromiumLaunch(extraArgs: string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH || (existsSync(SHELL) ? SHELL : BROWSER),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  };
}
