import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './chromium';

/**
 * The e2e stack runs on its own ports so that it never meets a `pnpm start` you
 * left running; E2E_PORT_BASE moves all three (several suites side by side).
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
export const PORTS = { gateway: portBase, be: portBase + 1010, lu: portBase + 1011 } as const;
export const BE_URL = `http://be.localhost:${PORTS.gateway}`;
export const LU_URL = `http://lu.localhost:${PORTS.gateway}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://127.0.0.1:${PORTS.gateway}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORTS.gateway),
      MOCK_BE_PORT: String(PORTS.be),
      MOCK_LU_PORT: String(PORTS.lu),
      // The gateway's management listener (metrics, probes): beside the suite's other ports.
      MANAGEMENT_PORT: String(portBase + 1012),
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1, a hundred sign-ins in a few minutes: the
      // per-address budgets, meant for one client per address, would refuse the suite
      // itself. The gateway's own tests hold those limits to their defaults.
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_CODES: '1000',
      RATE_LIMIT_FORGOT: '1000',
    },
  },
});
