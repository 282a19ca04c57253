import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './chromium';

/**
 * The suite runs on several workers, each against a stack of its own (gateway
 * and the two mock account APIs on their own ports): a test resets its
 * stack's seed and moves its mock clock without touching another worker's.
 * The stacks run on their own ports so that they never meet a `pnpm start`
 * you left running; E2E_PORT_BASE moves them all (several suites side by
 * side), E2E_WORKERS sets how many (default 2).
 */
const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** One stack's ports; stack `n` is `n × 50` above the first. */
const portsOf = (stack: number) => {
  const base = portBase + stack * 50;
  return { gateway: base, be: base + 1010, lu: base + 1011, management: base + 1012 } as const;
};
// Playwright gives each worker process its slot (0 … workers − 1) before loading this file.
export const PORTS = portsOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const BE_URL = `http://be.localhost:${PORTS.gateway}`;
export const LU_URL = `http://lu.localhost:${PORTS.gateway}`;

/** Stack `n`: the first builds the app, the others run what it built. */
const stack = (n: number) => {
  const ports = portsOf(n);
  return {
    command: `node ../scripts/start.mjs${n === 0 ? '' : ' --no-build'}`,
    url: `http://127.0.0.1:${ports.gateway}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(ports.gateway),
      MOCK_BE_PORT: String(ports.be),
      MOCK_LU_PORT: String(ports.lu),
      // The gateway's management listener (metrics, probes): beside the stack's other ports.
      MANAGEMENT_PORT: String(ports.management),
      LOG_LEVEL: 'warn',
      // Every test signs in from 127.0.0.1, a hundred sign-ins in a few minutes: the
      // per-address budgets, meant for one client per address, would refuse the suite
      // itself. The gateway's own tests hold those limits to their defaults.
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_CODES: '1000',
      RATE_LIMIT_FORGOT: '1000',
      // The same for the code sends' budgets per recipient and per account: the
      // suite signs the same demo accounts in by code from one address all along.
      CODE_LIMIT_RECIPIENT: '1000',
      CODE_LIMIT_ACCOUNT: '1000',
    },
  };
};

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  // Tests, not files, are shared out among the workers: each test makes its own
  // accounts, and a long file (the accessibility walk) no longer leaves the other
  // worker idle at the end.
  fullyParallel: true,
  workers: WORKERS,
  retries: 0,
  // A journey with its axe checks and photographs takes 10–20 s on a quiet 2-core machine and
  // twice that on a busy one: the limit is for a hung test, not a slow machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: BE_URL,
    // A failed test keeps a screenshot and the page's accessibility tree at the failure
    // (`error-context.md`). Its trace (every action, the DOM as it was, the network) only
    // with E2E_TRACE=1, when chasing a failure: recording it for every test cost the suite
    // a tenth to a sixth of its time on a 2-core machine (docs/performance.md).
    trace: process.env.E2E_TRACE
      ? { mode: 'retain-on-failure', screenshots: false, snapshots: true }
      : 'off',
    screenshot: 'only-on-failure',
    // One browser process less (the GPU's work in the browser's), and one renderer per tab
    // rather than one per site: the suite's pages span be., lu. and 127.0.0.1. What the
    // tests check is the portal, not Chromium's isolation of sites.
    launchOptions: chromiumLaunch([
      '--in-process-gpu',
      '--disable-site-isolation-trials',
      '--disable-features=IsolateOrigins,site-per-process',
    ]),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Started one after the other: the first one's build is there for the next.
  // Partner Shop's site (its callback, e2e/partner-shop.mjs) serves every stack,
  // and another suite's on the same machine serves this one as well.
  webServer: [
    {
      command: 'node partner-shop.mjs',
      url: 'http://127.0.0.1:5555/',
      reuseExistingServer: true,
      stdout: 'ignore' as const,
    },
    ...Array.from({ length: WORKERS }, (_, n) => stack(n)),
  ],
});
