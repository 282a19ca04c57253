import type { Page } from '@playwright/test';
import * as oauth from 'oauth4webapi';
import { expect, test } from '../fixtures/login';
import { mockUrl } from '../fixtures/stack';
import { inEnglish } from './account-helpers';

const CALLBACK = 'http://127.0.0.1:5555/callback';

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
  for (const [key, value] of Object.entries({
    client_id: '101',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'user balance',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  })) {
    request.searchParams.set(key, value);
  }
  // The partner's callback page.
  await page.route(`${CALLBACK}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Partner Shop</h1>' }),
  );
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
  await login('partner@example.be', { via: 'api' });
  await inEnglish(page);
  const shop = await partner(page);
  await page.goto(shop.authorizeUrl);

  await expect(page).toHaveURL(/\/approve\?/);
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
  await app.getByRole('button', { name: 'Revoke access for Partner Shop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke access for Partner Shop?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Access for Partner Shop has been revoked.')).toBeVisible();
  await expect(page.getByText('No app has access to your account.')).toBeVisible();
  // The revoked app's row is gone with its button: focus goes to a heading, not to the page.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^H[1-3]$/);

  expect((await request.get(`${mockUrl('be')}/user`, { headers: asPartner })).status()).toBe(401);
});

test('consent refused: access is denied, with a way home', async ({ page, login }) => {
  await login('partner@example.be', { via: 'api' });
  await inEnglish(page);
  const shop = await partner(page);
  await page.goto(shop.authorizeUrl);
  await page.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    "Given the consent wasn't given, access is denied.",
  );
  await page.getByRole('link', { name: 'Go to the homepage' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  // Nothing was granted.
  await page.goto('/user/access');
  await expect(page.getByText('No app has access to your account.')).toBeVisible();
});

test('a partner with an invalid configuration gets the spec error', async ({ page, login }) => {
  await login('partner@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto(
    `/authorize?client_id=102&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code`,
  );
  await expect(page).toHaveURL(/\/approve\?error=invalid_configuration/);
  await expect(page.getByRole('alert')).toHaveText(
    "Oops. Seems like the partner you're coming from uses an invalid configuration.",
  );
});
