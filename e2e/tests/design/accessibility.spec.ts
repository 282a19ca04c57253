import type { Page } from '@playwright/test';
import { expectAccessible } from '../../fixtures/a11y';
import { expect, test } from '../../fixtures/login';
import { reviewer } from '../../fixtures/screenshots';
import { BE_URL, LU_URL } from '../../playwright.config';

/** Axe, then photographs named after what is checked (`be /security/history` → `account-be-security-history-375.png`). */
const review = reviewer('account');

/** Each self-service screen, reached as a person would, with what identifies it loaded. */
const screens: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/user/dashboard',
    ready: (p) =>
      expect(
        p
          .getByRole('region', { name: 'Security checkup' })
          .getByText(/Your account is protected|to keep your account safe/),
      ).toBeVisible(),
  },
  {
    path: '/profile',
    ready: (p) => expect(p.getByRole('heading', { name: 'Profile' })).toBeVisible(),
  },
  {
    path: '/profile/edit-credentials',
    ready: (p) =>
      expect(p.getByRole('heading', { name: 'Phone numbers', exact: true })).toBeVisible(),
  },
  {
    path: '/security',
    ready: (p) => expect(p.getByRole('list', { name: 'Verification methods' })).toBeVisible(),
  },
  {
    path: '/security/mfa-edit',
    ready: (p) => expect(p.getByRole('button', { name: /^Make default/ })).toBeVisible(),
  },
  {
    path: '/security/edit-recovery',
    ready: (p) =>
      expect(
        p.getByText(/unused recovery keys|Recovery keys belong to an authenticator app/),
      ).toBeVisible(),
  },
  {
    path: '/security/edit-password',
    ready: (p) => expect(p.getByText('Your password needs')).toBeVisible(),
  },
  {
    path: '/security/history',
    ready: (p) =>
      expect(
        p.getByRole('list', { name: 'Security history' }).getByRole('listitem').first(),
      ).toBeVisible(),
  },
  {
    path: '/security/passkeys',
    ready: (p) => expect(p.getByRole('heading', { name: 'Passkeys', level: 1 })).toBeVisible(),
  },
  {
    path: '/security/trusted-devices',
    ready: (p) =>
      expect(p.getByRole('heading', { name: 'Trusted devices', level: 1 })).toBeVisible(),
  },
  {
    path: '/user/access',
    ready: (p) => expect(p.getByText('No app has access to your account.')).toBeVisible(),
  },
  {
    path: '/setup-mfa/selection',
    ready: (p) => expect(p.getByRole('link', { name: /Authenticator app/ })).toBeVisible(),
  },
  {
    path: '/setup-mfa/email',
    ready: (p) => expect(p.getByRole('heading', { name: 'Codes by e-mail' })).toBeVisible(),
  },
  {
    path: '/setup-mfa/phone',
    ready: (p) => expect(p.getByRole('heading', { name: 'Codes by text message' })).toBeVisible(),
  },
  {
    path: '/setup-mfa/totp',
    ready: (p) =>
      expect(
        p
          .getByLabel('Secret key')
          .or(p.getByRole('button', { name: 'Replace my authenticator app' })),
      ).toBeVisible(),
  },
  {
    path: '/setup-mfa/confirmation',
    ready: (p) => expect(p.getByRole('link', { name: 'Choose a method' })).toBeVisible(),
  },
  {
    path: '/setup-mfa/success',
    ready: (p) =>
      expect(p.getByRole('heading', { name: 'Two-step verification is on' })).toBeVisible(),
  },
  {
    path: '/setup-totp/success',
    ready: (p) =>
      expect(p.getByRole('heading', { name: 'Your authenticator app is ready' })).toBeVisible(),
  },
  {
    path: '/approve?error=invalid_configuration',
    ready: (p) => expect(p.getByRole('alert')).toBeVisible(),
  },
];

for (const variant of [
  { name: 'Belgium', base: BE_URL, user: 'totp@example.be', region: 'be' as const },
  { name: 'Luxembourg', base: LU_URL, user: 'marie@example.lu', region: 'lu' as const },
]) {
  test(`every self-service screen passes axe, photographed (${variant.name})`, async ({
    page,
    login,
  }) => {
    test.setTimeout(240_000);
    await login(variant.user, { via: 'api', origin: variant.base, language: 'en' });
    for (const screen of screens) {
      await page.goto(`${variant.base}${screen.path}`);
      await screen.ready(page);
      await review(page, `${variant.region} ${screen.path}`);
    }

    // Edit-info is reached from the profile only.
    await page.goto(`${variant.base}/profile`);
    await page.getByRole('link', { name: 'Edit personal information' }).click();
    await expect(page.getByLabel('First name')).toBeVisible();
    await review(page, `${variant.region} /profile/edit-info`);
    // Its selects open a list that stays within the screen, phone-sized and desktop-sized.
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByRole('main')
        .getByRole('button', { name: /Language/ })
        .click();
      await expect(page.getByRole('listbox')).toBeVisible();
      await review(page, `${variant.region} /profile/edit-info language list`, [width]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
    }

    // The dialogs: a confirmation, and the step-up in place.
    // Pressed once the screen has its lists (as each screen above is reviewed once
    // ready): a press while they load may meet a button about to be drawn again.
    await page.goto(`${variant.base}/security/history`);
    await screens.find((s) => s.path === '/security/history')?.ready(page);
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await review(page, `${variant.region} confirmation dialog`);
  });
}

test('the consent screen passes axe, and invalid configuration too', async ({ page, login }) => {
  await login('partner@example.be', { via: 'api', language: 'en' });
  const callback = 'http://127.0.0.1:5555/callback';
  await page.goto(
    `/authorize?${new URLSearchParams({
      client_id: '101',
      redirect_uri: callback,
      response_type: 'code',
      state: 'axe',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`,
  );
  await expect(page.getByRole('button', { name: 'Allow' })).toBeVisible();
  await review(page, 'be /approve');
  // A refusal now leaves for the partner (error=access_denied); the portal's own
  // consent page left to check is the invalid configuration's.
  await page.goto(
    `/authorize?client_id=102&redirect_uri=${encodeURIComponent(callback)}&response_type=code`,
  );
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, '/approve (invalid configuration)');
});

test('the forced MFA set-up passes axe', async ({ page, login }) => {
  await login('forced@example.be', { via: 'api', language: 'en' });
  await page.goto('/setup-mfa');
  await expect(page.getByRole('heading', { name: 'Protect your account' })).toBeVisible();
  await review(page, 'be /setup-mfa forced intro');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Step 1: your e-mail address' })).toBeVisible();
  await review(page, 'be /setup-mfa forced email step');
});

test('the optional MFA set-up and the checkup that asks for it pass axe', async ({
  page,
  login,
}) => {
  await login('customer@example.be', { via: 'api', language: 'en' });
  await page.goto('/setup-mfa');
  await expect(page.getByRole('button', { name: 'Skip for now' })).toBeVisible();
  await review(page, 'be /setup-mfa customer intro');
  // Without two-step verification, the dashboard's checkup says what to do.
  await page.goto('/user/dashboard');
  const checkup = page.getByRole('region', { name: 'Security checkup' });
  await expect(checkup.getByText('Turn on two-step verification')).toBeVisible();
  await review(page, 'be /user/dashboard without two-step verification');
});
