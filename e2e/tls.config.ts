import { defineConfig } from '@playwright/test';

/**
 * The HTTPS tests (tls/): each starts its own stack (one mock account API,
 * the gateway, Debian's nginx terminating TLS with a certificate made for the
 * run) and its own Chromium, told to trust that certificate and where the
 * names resolve. No shared web server: they check what only TLS and real host
 * names show (WebAuthn related origins), through the portal API.
 */
export default defineConfig({
  testDir: './tls',
  outputDir: './artifacts/tls-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
});
