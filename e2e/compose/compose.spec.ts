import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '@portal/mock-upstream/seed';
import { EXTERNAL } from '../../gateway/build.mjs';
import { appTookOver } from '../fixtures/app';
import { compose, LABELS, PORTS, printLogs, SHELL_ENV } from './stack';

const BE = `http://account.example.be:${PORTS.gateway}`;
const LU = `http://account.example.lu:${PORTS.gateway}`;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures from a destructuring pattern.
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) printLogs();
});

/** The newest code the Belgian mock's dev outbox holds for `to`, published on the host's loopback. */
async function outboxCode(request: import('@playwright/test').APIRequestContext, to: string) {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(
        `http://127.0.0.1:${PORTS.be}/__dev/outbox?to=${encodeURIComponent(to)}`,
      );
      code = ((await res.json()) as { messages: { code: string }[] }).messages.find(
        (m) => m.code,
      )?.code;
      return code;
    })
    .toBeTruthy();
  return code!;
}

test('signs in through the compose stack at account.example.be over plain HTTP', async ({
  page,
  context,
  request,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${BE}/login/email`);
  // What follows is the app's sign-in (the code sending itself): once it has the page.
  // Before that, the press would be the drawn form's post, which this plain-HTTP host
  // refuses (no Sec-Fetch-Site outside a secure context; docs/security.md).
  await appTookOver(page);
  // Not a secure context: no crypto.randomUUID, yet the app draws and makes its device id.
  expect(await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID])).toEqual([
    false,
    'undefined',
  ]);
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // employee@example.be confirms by an e-mail code, its primary method, sent at once
  // (read from the mock's dev outbox); a complete code goes by itself.
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, 'employee@example.be'));

  await expect(page).toHaveURL(`${BE}/user/dashboard`);
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('device-id'))).toMatch(UUID_V4);
  expect(errors).toEqual([]);

  // The session cookie is shared with the parent domain, and not Secure over plain HTTP.
  const cookie = (await context.cookies(BE)).find((c) => c.name === 'access_token');
  expect(cookie).toMatchObject({
    domain: '.example.be',
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: false,
  });
});

test('answers 421 to a Host compose does not configure; its probes on any Host', async ({
  request,
}) => {
  const gateway = `http://127.0.0.1:${PORTS.gateway}`;
  expect((await request.get(`${gateway}/login/email`)).status()).toBe(421);
  expect((await request.get(`${gateway}/healthz`)).status()).toBe(200);
  // Readiness and metrics are on the management port, never the public one.
  expect((await request.get(`${gateway}/readyz`)).status()).not.toBe(200);
});

test.describe('Luxembourg', () => {
  // A browser language Luxembourg does not offer: the variant's default, French, applies.
  test.use({ locale: 'nl-BE' });

  test('serves the Luxembourg variant, in French, at account.example.lu', async ({ page }) => {
    await page.goto(LU);
    await expect(page).toHaveURL(new RegExp(`^${LU}/login/email`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-LU');
    await expect(
      page.getByRole('heading', { name: 'Connectez-vous à votre compte' }),
    ).toBeVisible();
  });
});

test.describe('the images and the stack', () => {
  // Each `compose exec` starts compose and a process in a container: seconds
  // apiece on a loaded machine, and the file searches take tens of seconds.
  test.describe.configure({ timeout: 180_000 });

  /** Runs a command in a running service's container, as root (to read every file). */
  const exec = (service: string, command: string[]) =>
    compose(['exec', '-T', '--user', 'root', service, ...command]);

  test('runs the gateway on Node 24 LTS', () => {
    expect(exec('gateway', ['node', '--version']).trim()).toMatch(/^v24\./);
    expect(exec('mock-be', ['node', '--version']).trim()).toMatch(/^v24\./);
  });

  test('ships no build tool, package manager, type package or TypeScript source', () => {
    const lines = (output: string) => output.split('\n').filter(Boolean);
    const tools = ['npm', 'npx', 'corepack', 'yarn', 'tsx', 'esbuild', 'tsc', 'typescript'];
    const named = tools.flatMap((name, i) => (i ? ['-o', '-name', name] : ['-name', name]));
    for (const service of ['gateway', 'mock-be']) {
      // Anywhere: the gateway and the mock are each one bundled file, with no
      // node_modules (the next test checks the gateway's folder).
      const found = exec(service, ['find', '/', '-xdev', '(', ...named, ')', '-print']);
      expect(lines(found), service).toEqual([]);
      // The app's own code is its bundle: no TypeScript, no dependency folder
      // but the gateway's own (the next test checks what it holds).
      const sources = exec(service, [
        ...['find', '/app', '-path', '/app/gateway/node_modules', '-prune', '-o'],
        ...['(', '-name', '*.ts', '-o', '-name', 'node_modules', ')', '-print'],
      ]);
      expect(lines(sources), service).toEqual([]);
    }
  });

  test('labels the gateway image with its version, revision and source', () => {
    const labels = JSON.parse(
      execFileSync(
        'docker',
        ['image', 'inspect', '-f', '{{json .Config.Labels}}', 'portal-gateway'],
        {
          encoding: 'utf8',
        },
      ),
    ) as Record<string, string>;
    expect(labels).toMatchObject({
      'org.opencontainers.image.version': LABELS.PORTAL_VERSION,
      'org.opencontainers.image.revision': LABELS.PORTAL_REVISION,
      'org.opencontainers.image.source': LABELS.PORTAL_SOURCE,
    });
  });

  test("passes the shell's gateway variables through, and sets none it leaves empty", () => {
    const env = Object.fromEntries(
      exec('gateway', ['env'])
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    // Set in the shell that ran compose; the rest from compose's defaults.
    expect(env).toMatchObject({ ...SHELL_ENV, TRUST_PROXY: '0', LOG_LEVEL: 'info' });
    // Without a value in the shell, a variable that has no default is not set
    // at all: the gateway refuses an empty one.
    for (const name of [
      'CAPTCHA_SITE_KEY',
      'CAPTCHA_SECRET',
      'SENTRY_DSN',
      'OTEL_TRACES_EXPORTER',
    ]) {
      expect(env, name).not.toHaveProperty(name);
    }
  });

  test('keeps the gateway image at most 200 MB: one bundle, no build-time tool', () => {
    const size = Number(
      execFileSync('docker', ['image', 'inspect', '-f', '{{.Size}}', 'portal-gateway'], {
        encoding: 'utf8',
      }).trim(),
    );
    expect(size / 1e6).toBeLessThanOrEqual(200);
    // The gateway is its bundle (gateway/build.mjs): Sentry's CLI, its native
    // parser and every other build-time package stay out; node_modules holds
    // only what the bundle leaves out (EXTERNAL), without type declarations.
    const ls = (dir: string) => exec('gateway', ['ls', dir]).split('\n').filter(Boolean);
    expect(ls('/app/gateway')).toEqual(['dist', 'node_modules', 'public']);
    expect(ls('/app/gateway/node_modules')).toEqual(EXTERNAL);
    expect(ls('/app/gateway/dist')).toEqual([
      'render-worker.mjs',
      'render-worker.mjs.map',
      'server.mjs',
      'server.mjs.map',
    ]);
    const declarations = exec('gateway', ['find', '/app', '-name', '*.d.ts']);
    expect(declarations.trim()).toBe('');
  });

  test('restarts each container unless stopped, limits its memory and rotates its logs', () => {
    for (const service of ['gateway', 'mock-be', 'mock-lu', 'redis']) {
      const id = compose(['ps', '-q', service]).trim();
      const host = JSON.parse(
        execFileSync('docker', ['inspect', '-f', '{{json .HostConfig}}', id], { encoding: 'utf8' }),
      ) as {
        RestartPolicy: { Name: string };
        Memory: number;
        LogConfig: { Type: string; Config: Record<string, string> };
      };
      expect(host.RestartPolicy.Name, service).toBe('unless-stopped');
      expect(host.Memory, service).toBeGreaterThan(0);
      expect(host.LogConfig, service).toEqual({
        Type: 'json-file',
        Config: { 'max-file': '3', 'max-size': '10m' },
      });
    }
    const gateway = compose(['ps', '-q', 'gateway']).trim();
    const memory = execFileSync('docker', ['inspect', '-f', '{{.HostConfig.Memory}}', gateway], {
      encoding: 'utf8',
    });
    expect(Number(memory)).toBe(512 * 1024 * 1024);
  });

  test('gives the gateway longer to stop than its grace, and Redis an append-only file', () => {
    const id = compose(['ps', '-q', 'gateway']).trim();
    const stopTimeout = execFileSync('docker', ['inspect', '-f', '{{.Config.StopTimeout}}', id], {
      encoding: 'utf8',
    }).trim();
    expect(Number(stopTimeout)).toBeGreaterThan(35);
    expect(exec('redis', ['redis-cli', 'config', 'get', 'appendonly'])).toContain('yes');
  });

  test('writes no access line for health probes, and one for every other request', async ({
    request,
  }) => {
    const gateway = `http://127.0.0.1:${PORTS.gateway}`;
    expect((await request.get(`${gateway}/healthz`)).status()).toBe(200);
    expect((await request.get(`${gateway}/no-such-host-page`)).status()).toBe(421);
    // Docker's own probes ran too: the gateway became healthy through them.
    const id = compose(['ps', '-q', 'gateway']).trim();
    const probes = JSON.parse(
      execFileSync('docker', ['inspect', '-f', '{{json .State.Health.Log}}', id], {
        encoding: 'utf8',
      }),
    ) as { ExitCode: number }[];
    expect(probes.length).toBeGreaterThan(0);
    await expect
      .poll(() => compose(['logs', '--no-color', 'gateway']))
      .toContain('/no-such-host-page');
    expect(compose(['logs', '--no-color', 'gateway'])).not.toContain('/healthz');
  });
});
