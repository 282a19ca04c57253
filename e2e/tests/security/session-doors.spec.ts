import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { maskedEmail } from '../../fixtures/accounts';
import {
  DEMO_PASSWORD,
  enterCredentials,
  expect,
  outboxCode,
  test,
  totpCode,
} from '../../fixtures/login';
import { handoverToken, outboxMessages, portalCall } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { acceptBetaInvitation } from '../../fixtures/sso';
import { mockUrl } from '../../fixtures/stack';

/**
 * The side doors to a session, as a browser meets them (docs/threat-model.md):
 * a hash link never switches a signed-in browser to another account without
 * asking, a paused second factor says for how long, and linking a workplace
 * (identity-provider) login to an existing account asks for that account's
 * second factor before anything is linked or any session exists; the link is
 * announced by e-mail and shown under Security, where it can be removed.
 */
const review = reviewer('security-doors');

/** What the page's own session can read of the user: 401 while it has none. */
const userStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/user')).status);

test.describe('a hash link while signed in to another account', () => {
  test('names both accounts and keeps mine when I say so', async ({
    page,
    request,
    login,
    account,
  }) => {
    const emma = await login('employee@example.be', { via: 'api' });
    // Someone sends Emma a link that would sign her browser in as Chloé.
    const chloe = await account('customer@example.be');
    const token = await handoverToken(request, chloe.login);
    await page.goto(`/user/dashboard#token=${token}&origin-app=mobile-app`);

    await expect(
      page.getByRole('heading', { name: 'Deze link is voor een ander account' }),
    ).toBeVisible();
    await expect(
      page.getByText(`Je bent aangemeld als Emma (${maskedEmail(emma.email)}).`),
    ).toBeVisible();
    await expect(
      page.getByText(
        `De link die je opende, meldt je aan als Chloé (${maskedEmail(chloe.email)}).`,
      ),
    ).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    // Nothing changed yet: the session is still Emma's.
    expect((await portalCall(page, '/api/user')).body).toMatchObject({
      data: { firstname: 'Emma' },
    });

    await page.getByRole('button', { name: 'Aangemeld blijven als Emma' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welkom, Emma' })).toBeVisible();
  });

  test('switches only when I choose the other account', async ({
    page,
    request,
    login,
    account,
  }) => {
    await login('employee@example.be', { via: 'api' });
    const chloe = await account('customer@example.be');
    const token = await handoverToken(request, chloe.login);
    await page.goto(`/user/dashboard#token=${token}`);
    await page.getByRole('button', { name: 'Aanmelden als Chloé' }).click();
    // The page the gateway answered for Chloé's new session (a customer without a second
    // factor: its offer first), loaded: asking the page before would race its navigation.
    await expect(page).toHaveURL(/\/setup-mfa$/);
    await page.waitForLoadState();
    expect((await portalCall(page, '/api/user')).body).toMatchObject({
      data: { firstname: 'Chloé' },
    });
  });
});

test('a paused second factor tells me how long on the code screen', async ({
  page,
  request,
  account,
}) => {
  const tom = await account('totp@example.be');
  // Someone who knows Tom's password has already tried 8 wrong authenticator codes.
  const headers = { 'x-device-id': randomUUID(), 'x-forwarded-for': '192.0.2.99' };
  for (const tries of [5, 3]) {
    const start = await request.post(`${mockUrl('be')}/token`, {
      headers,
      data: { grant_type: 'password', username: tom.login, password: DEMO_PASSWORD },
    });
    const { payload, methods } = (await start.json()).mfa;
    const totp = methods.find((m: { method: string }) => m.method === 'totp');
    await request.get(`${mockUrl('be')}/mfa/sudo?payload=${payload}&mfaId=${totp.id}`, { headers });
    for (let i = 0; i < tries; i++) {
      await request.post(`${mockUrl('be')}/mfa/sudo`, {
        headers,
        data: { payload, code: '000000' },
      });
    }
  }

  await enterCredentials(page, tom);
  // Straight to the authenticator's field (its primary method); a complete code goes by itself.
  const code = page.getByLabel('Verification code');
  await code.fill('123456');
  await expect(page.getByRole('alert')).toContainText('invalid');
  await code.fill('654321');
  await expect(page.getByRole('alert')).toHaveText(
    'Too many wrong codes for this account. Two-step verification is paused for 15 minutes; we sent you an e-mail about it.',
  );
  // Even the right code waits for the pause to end.
  await code.fill(await totpCode(request));
  await expect(page.getByRole('alert')).toContainText('paused for 15 minutes');
  await expect(page).toHaveURL(/\/mfa/);

  const messages = await outboxMessages(request, tom.email);
  expect(messages[0]?.text).toContain('paused for 15 minutes');
});

test('linking a workplace login asks for the second factor, is announced, and can be removed', async ({
  page,
  request,
  account,
}) => {
  const sara = await account('sso@acme.example');
  // A whole journey with three screens photographed twice each and checked by axe.
  test.setTimeout(240_000);
  await acceptBetaInvitation(page, sara.login);
  await expect(page).toHaveURL(/\/partner\/link-existing$/);
  await expect(
    page.getByText('Then confirm with your verification method, as when you log in.', {
      exact: false,
    }),
  ).toBeVisible();
  await review(page, 'link-existing');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Link my account' }).click();

  // The password alone links nothing and signs nobody in.
  // Straight to the primary method's code, as at sign-in; a complete code goes by itself.
  await expect(page).toHaveURL(/\/mfa$/);
  expect(await userStatus(page)).toBe(401);
  await page.getByLabel('Verification code').fill('00000000');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await userStatus(page)).toBe(401);

  await page.getByLabel('Verification code').fill(await outboxCode(request, sara.email));
  await expect(page).toHaveURL(/\/partner\/link-success$/);
  await expect(page.getByRole('heading', { name: 'Your account is linked' })).toBeVisible();

  // Announced by e-mail, to the account's own address.
  const messages = await outboxMessages(request, sara.email);
  expect(messages.map((m) => m.subject)).toContain('A workplace login was linked to your account');

  // Security lists the workplace login, with a way to remove it.
  await expect(page).toHaveURL(/\/user\/dashboard$/, { timeout: 6_000 });
  await page.goto('/security');
  const panel = page.getByRole('region', { name: 'Workplace login' });
  await expect(panel).toContainText(sara.email);
  await review(page, 'security with a workplace login');
  await panel.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove the workplace login?' });
  await expect(dialog).toContainText(
    `You will no longer log in to your account with ${sara.email}.`,
  );
  await review(page, 'remove the workplace login');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('region', { name: 'Workplace login' })).toHaveCount(0);

  // Removed: the workplace login no longer signs in; it offers to link again.
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await acceptBetaInvitation(page, sara.login);
  await expect(page).toHaveURL(/\/partner\/link-existing$/);
});
