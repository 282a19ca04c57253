/**
 * Debian's Chromium as both Playwright configs launch it: never a downloaded
 * browser, and none of the background connections this machine's closed
 * network would refuse.
 */
export function chromiumLaunch(extraArgs: string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
