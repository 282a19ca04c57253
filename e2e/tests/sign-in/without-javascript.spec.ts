import { DEMO_PASSWORD, expect, outboxCode, test } from '../../fixtures/login';
import { keptInTheBrowser } from '../../fixtures/portal';
import { BE_URL, LU_URL, PORTS } from '../../playwright.config';

/*
 * The sign-in journey owned by the gateway (docs/flows.md, "Sign-in"): every
 * step a server-drawn page whose form works as plain HTML. With JavaScript
 * off the gateway answers each form with a 303 to the next step; with it on,
 * the same steps go as JSON and the browser keeps nothing of the journey.
 */

const ACCOUNTS = [
  { variant: 'be', url: BE_URL, login: 'employee@example.be', name: 'Emma' },
  { variant: 'lu', url: LU_URL, login: 'marie@example.lu', name: 'Marie' },
] as const;

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { variant, url, login: demo, name } of ACCOUNTS) {
    test(`${variant}: e-mail, password and the e-mail code end on the drawn dashboard`, async ({
      page,
      request,
      account,
    }) => {
      // A copy of the demo account, this test's own.
      const { login } = await account(demo);
      await page.goto(`${url}/login/email`);
      await page.getByLabel(/^(E-mail address|Adresse e-mail)/).fill(login);
      await page.getByLabel(/^(Password|Mot de passe)$/).fill(DEMO_PASSWORD);
      await page.getByLabel(/^(Password|Mot de passe)$/).press('Enter');

      // Straight to the code of the primary method (e-mail), sent already.
      await expect(page).toHaveURL(`${url}/mfa`);
      const code = await outboxCode(request, login, variant);
      await page.getByLabel(/^(Verification code|Code de vérification)/).fill(code);
      await page.getByRole('button', { name: /^(Confirm|Confirmer)$/ }).click();

      await expect(page).toHaveURL(`${url}/user/dashboard`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    });
  }

  test('a wrong password, then a wrong code, are said at their fields', async ({
    page,
    request,
    account,
  }) => {
    const emma = await account();
    await page.goto('/login/email');
    await page.getByLabel('E-mail address').fill(emma.login);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('E-mail address or password is incorrect.')).toBeVisible();
    // The address typed is kept; the password is not.
    await expect(page.getByLabel('E-mail address')).toHaveValue(emma.login);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill('00000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your code is invalid, try again.');

    // "Use another method": the list, then the text message's code.
    await page.getByRole('link', { name: 'Use another method' }).click();
    await expect(page).toHaveURL(/\/mfa\/methods$/);
    await page.getByRole('button', { name: /Text message/ }).click();
    await expect(page).toHaveURL(/\/mfa$/);
    await page.getByLabel('Verification code').fill(await outboxCode(request, emma.phone));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('the code sent again after the sign-in completed is refused, saying so', async ({
    page,
    request,
    account,
  }) => {
    const emma = await account();
    await page.goto('/login/email');
    await page.getByLabel('E-mail address').fill(emma.login);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    const code = await outboxCode(request, emma.email);
    // The journey's cookies as they were on the code screen (its flow cookie included).
    const before = (await page.context().cookies(BE_URL))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    // The code screen's form sent once more with those cookies: the journey is spent.
    const replay = await request.post(`http://127.0.0.1:${PORTS.gateway}/mfa`, {
      form: { code },
      headers: { host: new URL(BE_URL).host, origin: BE_URL, cookie: before },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(410);
    expect(await replay.text()).toContain('This login has expired. Please log in again.');
  });
});

test.describe('with JavaScript on', () => {
  test('no method list on the way, nothing of the journey in the address or in storage', async ({
    page,
    request,
    account,
  }) => {
    const emma = await account();
    const shown: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame())
        shown.push(new URL(frame.url()).pathname + new URL(frame.url()).search);
    });
    await page.goto('/login/email');
    await page.getByLabel('E-mail address').fill(emma.login);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    // The method list is never shown on the way to the code (no flash of it).
    await expect(page.getByRole('heading', { name: /verification method|receive/i })).toHaveCount(
      0,
    );
    expect(await page.evaluate(() => location.pathname + location.search)).toBe('/mfa');

    // A complete code sends itself.
    await page.getByLabel('Verification code').fill(await outboxCode(request, emma.email));
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Emma');

    for (const address of shown) {
      expect(address).not.toContain('/mfa/methods');
      expect(address).not.toMatch(/methods=|isLogin|%40|@/);
    }
    // The browser keeps the device id and the account's language (its first-paint copy), no more.
    const storage = await keptInTheBrowser(page);
    expect(Object.keys(storage.session)).toEqual([]);
    expect(Object.keys(storage.local).sort()).toEqual(['account', 'device-id']);
    expect(JSON.parse(storage.local.account ?? '{}')).toEqual({ language: 'nl' });
  });
});
