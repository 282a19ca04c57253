/**
 * Debian's Chromium as the Playwright configs launch it: its headless shell
 * (`chromium-headless-shell`, the same Blink without the browser's own
 * windows, what Playwright itself runs headless), never a downloaded
 * browser, and none of the background connections this machine's closed
 * network would refuse. The shell took the suite from 7.3 to 6.5 minutes on
 * two cores (docs/performance.md). CHROMIUM_PATH names another binary.
 */
export function chromiumLaunch(extraArgs: string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
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
