import { expect, test } from '@playwright/test';
import { PORTS, printLogs } from './stack';

const BE = `http://account.example.be:${PORTS.gateway}`;
const LU = `http://account.example.lu:${PORTS.gateway}`;
const DEMO_PASSWORD = 'Portal-Demo-2026!';
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
  // Not a secure context: no crypto.randomUUID, yet the app draws and makes its device id.
  expect(await page.evaluate(() => [isSecureContext, typeof crypto.randomUUID])).toEqual([
    false,
    'undefined',
  ]);
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  // employee@example.be confirms by an e-mail code, read from the mock's dev outbox.
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await page.getByRole('button', { name: /By e-mail to/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, 'employee@example.be'));
  await page.getByRole('button', { name: 'Confirm' }).click();

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
  // Both mock account APIs answer the gateway by their compose service names.
  expect((await request.get(`${gateway}/readyz`)).status()).toBe(200);
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
