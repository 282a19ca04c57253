import type { Page } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import { expect, test } from '../../fixtures/login';
import {
  authorizePath,
  PARTNER_CALLBACK as CALLBACK,
  PARTNER_REQUEST,
} from '../../fixtures/partner';
import { reviewer, reviewInEachLanguage } from '../../fixtures/screenshots';
import { mockUrl } from '../../fixtures/stack';

/**
 * Consent (`/approve`): the app, its site and the account signed in, the
 * permissions asked, each outcome with its own heading; the apps allowed
 * under Access, where access is revoked.
 */

const review = reviewer('polish');

/** Partner Shop's request, or another client's (102: a partner with an invalid configuration). */
const authorize = (clientId = '101') => authorizePath({ ...PARTNER_REQUEST, client_id: clientId });

/** Partner Shop (client 101, public, PKCE S256) as its own code would do it, with oauth4webapi. */
async function partner(page: Page) {
  const as: oauth.AuthorizationServer = {
    issuer: new URL(page.url()).origin,
    authorization_endpoint: `${new URL(page.url()).origin}/authorize`,
    token_endpoint: `${mockUrl('be')}/token`,
  };
  const client: oauth.Client = { client_id: '101' };
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const request = new URL(as.authorization_endpoint ?? '');
  // Partner Shop's request, with a verifier and a state of its own.
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  for (const [key, value] of Object.entries({
    ...PARTNER_REQUEST,
    state,
    code_challenge: challenge,
  })) {
    request.searchParams.set(key, value);
  }
  // The browser comes back to the partner's own callback page (e2e/partner-shop.mjs).
  return {
    authorizeUrl: request.toString(),
    /** The partner's server exchanges the code it received for a token. */
    async exchange(callbackUrl: string): Promise<string> {
      const params = oauth.validateAuthResponse(as, client, new URL(callbackUrl), state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        CALLBACK,
        verifier,
        { [oauth.allowInsecureRequests]: true },
      );
      const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
      return tokens.access_token;
    },
  };
}

test('consent accepted: the partner gets its code and a working token; revoking the app ends it', async ({
  page,
  request,
  login,
}) => {
  await login('partner@example.be', { via: 'api', language: 'en' });
  const shop = await partner(page);
  await page.goto(shop.authorizeUrl);

  // The request waits in the consent flow on the gateway: nothing of it in the address.
  await expect(page).toHaveURL(/\/approve$/);
  await expect(page.getByText('Partner Shop wants to access your account.')).toBeVisible();
  const scopes = page.getByRole('list', { name: 'Requested permissions' });
  await expect(scopes.getByRole('listitem')).toHaveText([
    'See your name and contact details',
    'See your balances',
  ]);
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page.getByRole('heading', { name: 'Partner Shop' })).toBeVisible();
  expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:5555\/callback\?code=/);
  const token = await shop.exchange(page.url());
  const asPartner = { authorization: `Bearer ${token}` };
  expect((await request.get(`${mockUrl('be')}/user`, { headers: asPartner })).status()).toBe(200);

  await page.goto('/user/access');
  const app = page.getByRole('listitem', { name: 'Partner Shop' });
  await expect(app.getByText('See your balances')).toBeVisible();
  // The partner has used its token: when, beside when it was allowed.
  await expect(app).toContainText(
    /Allowed on \d{1,2} [A-Z][a-z]+ \d{4} · last used \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/,
  );
  await app.getByRole('button', { name: 'Revoke access for Partner Shop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke access for Partner Shop?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Access for Partner Shop has been revoked.')).toBeVisible();
  await expect(page.getByText('No app has access to your account.')).toBeVisible();
  // The revoked app's row is gone with its button: focus goes to a heading, not to the page.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^H[1-3]$/);

  expect((await request.get(`${mockUrl('be')}/user`, { headers: asPartner })).status()).toBe(401);
});

test('consent refused: the partner hears access_denied and nothing is granted', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api', language: 'en' });
  const shop = await partner(page);
  await page.goto(shop.authorizeUrl);
  // The refusal is the gateway's 303 to the partner (nothing listens there: the address is watched).
  const leaving = page.waitForRequest((r) => r.url().startsWith(CALLBACK));
  await page.getByRole('button', { name: 'Refuse' }).click();
  expect(new URL((await leaving).url()).searchParams.get('error')).toBe('access_denied');
  // In a tab of its own: this one is still failing to reach the partner's address.
  const access = await page.context().newPage();
  await access.goto('/user/access');
  await expect(access.getByText('No app has access to your account.')).toBeVisible();
});

test('a partner with an invalid configuration gets the spec error', async ({ page, login }) => {
  await login('partner@example.be', { via: 'api', language: 'en' });
  await page.goto(
    `/authorize?client_id=102&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code`,
  );
  await expect(page).toHaveURL(/\/approve\?error=invalid_configuration/);
  await expect(page.getByRole('alert')).toHaveText(
    "Oops. Seems like the partner you're coming from uses an invalid configuration.",
  );
});

test('consent names the signed-in account and the app site', async ({ page, login }) => {
  const paul = await login('partner@example.be', { via: 'api', language: 'en' });
  await page.goto(authorize('101'));
  await expect(page.getByRole('heading', { level: 1, name: 'Allow access' })).toBeVisible();
  await expect(page.getByText(`(${paul.email})`)).toBeVisible();
  await expect(page.getByText('Site of the app: 127.0.0.1:5555')).toBeVisible();
});

test('an invalid partner configuration is not headed "Allow access"', async ({ page, login }) => {
  await login('partner@example.be', { via: 'api', language: 'en' });
  await page.goto(authorize('102'));
  await expect(page).toHaveURL(/\/approve\?error=invalid_configuration/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This app cannot connect' }),
  ).toBeVisible();
});

test('"Not you?" logs out and comes back to the same request after the next login', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api', language: 'en' });
  await page.goto(authorize('101'));
  await page.getByRole('button', { name: /^Not you\?/ }).click();
  await expect(page).toHaveURL(/\/login\/email\?target=%2Fauthorize%3F/);
});

test('consent shows the app and its site, the account with "Not you?", then "It will be able to:" right before the list; Access says when it was allowed and used', async ({
  page,
  login,
  account,
}) => {
  const paul = await account('partner@example.be');
  // Checked and photographed in three languages at two widths, or more than once.
  test.setTimeout(180_000);
  await login(paul, { via: 'api', language: 'en' });
  await page.goto(authorize());
  const list = page.getByRole('list', { name: 'Requested permissions' });
  await expect(list).toBeVisible();
  // Directly before the list: what it introduces, not the app's site.
  expect(await list.evaluate((el) => el.previousElementSibling?.textContent?.trim() ?? '')).toBe(
    'It will be able to:',
  );
  const order = await page
    .locator('main')
    .evaluate((main) =>
      ['Partner Shop', 'Site of the app', 'Logged in as', 'It will be able to:'].map((text) =>
        main.textContent ? main.textContent.indexOf(text) : -1,
      ),
    );
  expect(order.every((at) => at >= 0)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await expect(page.getByRole('button', { name: /^Not you\?/ })).toBeVisible();
  await reviewInEachLanguage(review, page, authorize(), 'consent', (p) =>
    expect(p.getByRole('list').last()).toBeVisible(),
  );

  await page.goto(authorize());
  // Allowed: the browser leaves for the partner's own callback page (e2e/partner-shop.mjs).
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL((url) => url.href.startsWith(CALLBACK));
  await page.goto('/user/access');
  const app = page.getByRole('listitem', { name: 'Partner Shop' });
  // The partner has not exchanged its code yet: allowed today, not used yet.
  await expect(app).toContainText(/Allowed on \d{1,2} [A-Z][a-z]+ \d{4} · not used yet/);
  await reviewInEachLanguage(review, page, '/user/access', 'access', (p) =>
    expect(p.locator('.list-row')).toHaveCount(1),
  );

  // A toast belongs to its page: leaving it closes the toast, it covers nothing elsewhere.
  await page.goto('/user/access');
  await page.getByRole('button', { name: 'Revoke access for Partner Shop' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  const toast = page.getByText('Access for Partner Shop has been revoked.');
  await expect(toast).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Account menu' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // Gone with the page, not by its own 6 s timer.
  await expect(toast).toHaveCount(0, { timeout: 1_000 });
});
