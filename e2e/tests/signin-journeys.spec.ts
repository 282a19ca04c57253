import { randomUUID } from 'node:crypto';
import { chooseLanguage } from '../fixtures/language';
import { DEMO_PASSWORD, expect, outboxCode, test } from '../fixtures/login';
import { mockUrl } from '../fixtures/stack';
import { LU_URL } from '../playwright.config';

test('signs in by phone: the country code defaults to the variant, the number is read in it', async ({
  page,
  request,
}) => {
  await page.goto('/login/email');
  await page.getByRole('link', { name: 'Log in with your phone number' }).click();
  await expect(page).toHaveURL(/\/login\/phone$/);
  await expect(page.getByRole('button', { name: /Country code/ })).toHaveText('BE +32');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0470 00 00 01');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // E-mail is the primary method: the text message is one step away.
  await page.getByRole('link', { name: 'Use another method' }).click();
  await page.getByRole('button', { name: /^Text message/ }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470000001'));
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
});

test('a number that is not one is refused before it is sent', async ({ page }) => {
  await page.goto('/login/phone');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('12');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The error belongs to the number's field: said there, and read with it.
  const number = page.getByRole('textbox', { name: 'Phone number' });
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await expect(number).toHaveAccessibleDescription(/The phone number provided is invalid\./);
  await expect(page.getByLabel('Password')).not.toHaveAttribute('aria-invalid', 'true');
});

test('forgot password by SMS, end to end: code from the outbox, new password, sign-in with it', async ({
  page,
  request,
}) => {
  await page.goto('/login/email');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('link', { name: 'With my phone number' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/phone$/);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0470000001');
  await page.getByRole('button', { name: 'Send me a code' }).click();

  await expect(page).toHaveURL(/\/forgot-password-sent$/);
  await expect(page.getByText(/we sent a code by text message to/)).toBeVisible();
  await page.getByLabel('Verification code').fill(await outboxCode(request, '+32470000001'));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/reset-password$/);
  const newPassword = 'Brand-New-Password-7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save my new password' }).click();

  await expect(page).toHaveURL(/\/reset-password-confirmed$/);
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('E-mail address').fill('employee@example.be');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Password')).toHaveAccessibleDescription(
    /^E-mail address or password is incorrect\./,
  );
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The reset's code proved the phone a moment ago on this device: no second code now.
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('forgot username by card number and by national register number', async ({ page }) => {
  await page.goto('/forgot-username');
  await page.getByLabel('Card number', { exact: true }).fill('1234');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card number is invalid.');
  await page.getByLabel('Card number', { exact: true }).fill('5065 0000 0000 0003');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page).toHaveURL(/\/forgot-username-response$/);
  await expect(page.getByText('These usernames belong to your account:')).toBeVisible();
  await expect(page.getByRole('listitem').first()).toContainText('@example.be');

  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByLabel('With my national register number').check();
  await page.getByLabel('National register number', { exact: true }).fill('85.07.31-001.30');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(page.getByText('These usernames belong to your account:')).toBeVisible();

  await page.getByRole('link', { name: 'Try again' }).click();
  await page.getByLabel('Card number', { exact: true }).fill('5065000000000001');
  await page.getByRole('button', { name: 'Find my username' }).click();
  await expect(
    page.getByText('No username was found for this card number or national register number.'),
  ).toBeVisible();
});

test.describe('Luxembourg variant', () => {
  // A browser language Luxembourg does not offer: the variant's default applies.
  test.use({ locale: 'nl-BE' });

  test('speaks French by default and calls the card number an activation code', async ({
    page,
  }) => {
    await page.goto(`${LU_URL}/login/email`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-LU');
    await expect(
      page.getByRole('heading', { name: 'Connectez-vous à votre compte' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Nom d’utilisateur oublié ?' }).click();
    await expect(page.getByLabel('Code d’activation')).toBeVisible();
    await page.getByLabel('Code d’activation').fill('5065000000000003');
    await page.getByRole('button', { name: 'Retrouver mon nom d’utilisateur' }).click();
    await expect(page.getByRole('alert')).toHaveText('Votre code d’activation n’est pas valide.');
    // The phone sign-in defaults to Luxembourg's country code.
    await page.goto(`${LU_URL}/login/phone`);
    await expect(page.getByRole('button', { name: /Indicatif du pays/ })).toHaveText('LU +352');
  });

  test('lists the services without the deals site', async ({ page, login }) => {
    await login('marie@example.lu', { origin: LU_URL });
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Bienvenue, Marie' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mes chèques' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bons plans' })).toHaveCount(0);
  });
});

test('the language switcher changes every text at once and is remembered', async ({ page }) => {
  await page.goto('/login/email');
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await chooseLanguage(page, 'Français');
  await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
  await chooseLanguage(page, 'Nederlands');
  await page.goto('/forgot-password/email');
  await expect(page.getByRole('heading', { name: 'Wachtwoord vergeten?' })).toBeVisible();
});

test('arriving with a token in the address hash signs in and clears the hash', async ({
  page,
  request,
}) => {
  const device = { 'x-device-id': randomUUID() };
  const token = await request.post(`${mockUrl('be')}/token`, {
    headers: device,
    data: { grant_type: 'password', username: 'customer@example.be', password: DEMO_PASSWORD },
  });
  expect(token.status()).toBe(200);
  const { access_token } = await token.json();
  const handover = await request.post(`${mockUrl('be')}/token/handover`, {
    headers: { ...device, authorization: `Bearer ${access_token}` },
  });
  expect(handover.status()).toBe(201);
  const { token: hashToken } = await handover.json();

  await page.goto(`/user/dashboard#token=${hashToken}&payload=p1&origin-app=mobile-app`);
  // Chloé is a customer without MFA: the offer to set it up comes first, in her language.
  await expect(page).toHaveURL(/\/setup-mfa\?redirect=%2Fuser%2Fdashboard$/);
  expect(new URL(page.url()).hash).toBe('');
  await page.getByRole('button', { name: 'Passer pour le moment' }).click();
  await expect(page.getByRole('heading', { name: 'Bienvenue, Chloé' })).toBeVisible();
  // The same token does not work twice.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  await page.goto(`/user/dashboard#token=${hashToken}`);
  await expect(page.getByRole('alert')).toHaveText(
    'Ce lien de connexion n’est plus valable. Veuillez vous connecter.',
  );
});

test('the dashboard lists the linked services and follows redirect_uri only when allowed', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api' });
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { name: 'Partner area' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Deals' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Client area' })).toHaveCount(0);

  await page.goto(`/user/dashboard?redirect_uri=${encodeURIComponent('https://evil.example/x')}`);
  await expect(page.getByRole('alert')).toHaveText(
    'We did not open the requested site: it is not one of our partners.',
  );

  await page.route('http://127.0.0.1:5555/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Partner Shop</h1>' }),
  );
  await page.goto(
    `/user/dashboard?redirect_uri=${encodeURIComponent('http://127.0.0.1:5555/callback')}`,
  );
  await expect(page).toHaveURL('http://127.0.0.1:5555/callback');
});

test('every demo account can sign in', async ({ page, login, context }) => {
  test.setTimeout(120_000);
  const where: [string, RegExp, 'email' | 'totp'][] = [
    ['employee@example.be', /\/user\/dashboard$/, 'email'],
    ['totp@example.be', /\/user\/dashboard$/, 'totp'],
    ['customer@example.be', /\/setup-mfa/, 'email'],
    ['forced@example.be', /\/setup-mfa/, 'email'],
    ['weak@example.be', /\/weak-password\?verified=true/, 'email'],
    ['duplicate@example.be', /\/duplicated\?method=email/, 'email'],
    ['partner@example.be', /\/user\/dashboard$/, 'email'],
    ['sso@acme.example', /\/user\/dashboard$/, 'email'],
  ];
  for (const [username, expected, mfa] of where) {
    await context.clearCookies();
    await login(username, { mfa });
    await expect(page, username).toHaveURL(expected);
  }
  await context.clearCookies();
  await login('marie@example.lu', { origin: LU_URL });
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
