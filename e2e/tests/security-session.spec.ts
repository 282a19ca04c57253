import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, test, totpCode } from '../fixtures/login';
import { mockUrl } from '../fixtures/stack';
import { portalCall } from './account-helpers';

/**
 * The side doors to a session, as a browser meets them (docs/threat-model.md):
 * a hash link never switches a signed-in browser to another account without
 * asking, and a paused second factor says for how long.
 */

/** A one-time hand-over token of `username`, as a first-party app mints it for its user. */
async function handoverOf(request: APIRequestContext, username: string): Promise<string> {
  const headers = { 'x-device-id': randomUUID() };
  const signedIn = await request.post(`${mockUrl('be')}/token`, {
    headers,
    data: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const { access_token } = await signedIn.json();
  const handover = await request.post(`${mockUrl('be')}/token/handover`, {
    headers: { ...headers, authorization: `Bearer ${access_token}` },
  });
  expect(handover.status()).toBe(201);
  return (await handover.json()).token;
}

test.describe('a hash link while signed in to another account', () => {
  test('names both accounts and keeps mine when I say so', async ({ page, request, login }) => {
    await login('employee@example.be', { via: 'api' });
    // Someone sends Emma a link that would sign her browser in as Chloé.
    const token = await handoverOf(request, 'customer@example.be');
    await page.goto(`/user/dashboard#token=${token}&origin-app=mobile-app`);

    await expect(
      page.getByRole('heading', { name: 'Deze link is voor een ander account' }),
    ).toBeVisible();
    await expect(page.getByText('Je bent aangemeld als Emma (e•••e@example.be).')).toBeVisible();
    await expect(
      page.getByText('De link die je opende, meldt je aan als Chloé (c•••r@example.be).'),
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

  test('switches only when I choose the other account', async ({ page, request, login }) => {
    await login('employee@example.be', { via: 'api' });
    const token = await handoverOf(request, 'customer@example.be');
    await page.goto(`/user/dashboard#token=${token}`);
    await page.getByRole('button', { name: 'Aanmelden als Chloé' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await expect
      .poll(async () => (await portalCall(page, '/api/user')).body)
      .toMatchObject({ data: { firstname: 'Chloé' } });
  });
});

test('a paused second factor tells me how long on the code screen', async ({ page, request }) => {
  // Someone who knows Tom's password has already tried 8 wrong authenticator codes.
  const headers = { 'x-device-id': randomUUID(), 'x-forwarded-for': '192.0.2.99' };
  for (const tries of [5, 3]) {
    const start = await request.post(`${mockUrl('be')}/token`, {
      headers,
      data: { grant_type: 'password', username: 'totp@example.be', password: DEMO_PASSWORD },
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

  await page.goto('/login/email');
  await page.locator('#login-username').fill('totp@example.be');
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
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

  const outbox = await request.get(`${mockUrl('be')}/__dev/outbox?to=totp%40example.be`);
  const { messages } = (await outbox.json()) as { messages: { text: string }[] };
  expect(messages[0]?.text).toContain('paused for 15 minutes');
});

test('the browser keeps the language of the account, nothing else, and forgets it on sign-out', async ({
  page,
  login,
}) => {
  await login('employee@example.be');
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Everything a script of the page (or the next person at a shared computer) could read.
  const stored = () =>
    page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage, cookie: document.cookie }),
    );
  const kept = await stored();
  expect(JSON.parse(kept)).toMatchObject({ account: '{"language":"nl"}' });
  for (const personal of ['employee@example.be', 'Emma', 'BE68', '+32', '1985']) {
    expect(kept, personal).not.toContain(personal);
  }
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/\/login\/email$/);
  expect(JSON.parse(await stored())).not.toHaveProperty('account');
});
