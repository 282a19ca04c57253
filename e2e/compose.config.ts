import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './chromium';
import { PORTS } from './compose/stack';

/**
 * The Docker test: the repository's docker-compose.yml built and brought up
 * (compose/setup.ts), one sign-in through it at non-localhost names over plain
 * HTTP, then taken down (compose/teardown.ts). Chromium resolves the two public
 * names to loopback, where compose publishes the gateway.
 */
export default defineConfig({
  testDir: './compose',
  outputDir: './artifacts/compose-results',
  globalSetup: './compose/setup.ts',
  globalTeardown: './compose/teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://account.example.be:${PORTS.gateway}`,
    actionTimeout: 10_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch([
      '--host-resolver-rules=MAP account.example.be 127.0.0.1, MAP account.example.lu 127.0.0.1',
    ]),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
