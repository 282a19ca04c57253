import { expect, submitSignIn, test } from '../../fixtures/login';
import {
  authorizePath,
  PARTNER_CALLBACK,
  PARTNER_REQUEST as SHOP_REQUEST,
  PARTNER_VERIFIER as VERIFIER,
} from '../../fixtures/partner';
import { portalCall } from '../../fixtures/portal';
import { reviewer } from '../../fixtures/screenshots';
import { mockUrl } from '../../fixtures/stack';
import { PORTS } from '../../playwright.config';

/**
 * A partner's authorisation request (OAuth 2 with PKCE) as the partner meets
 * it: the sign-in that names it and keeps the request, consent once, codes
 * and tokens, a refusal, and a configuration never followed when invalid.
 */

/** The gateway by IP (Node does not resolve `*.localhost`): a plain IP is the BE variant. */
const api = `http://127.0.0.1:${PORTS.gateway}`;
/** This file's request: its own state, which the partner gets back. */
const PARTNER_REQUEST = { ...SHOP_REQUEST, state: 'shop-state-42' };
const review = reviewer('partner');

test('the sign-in page names the partner app that sent the user', async ({ page }) => {
  await page.goto(authorizePath());
  await expect(page).toHaveURL(/\/login\/email\?/);
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
  await expect(page.getByText(/the app that sent you here/)).toHaveCount(0);
});

test('a partner’s sign-in names the partner on the code step too', async ({ page, account }) => {
  const paul = await account('partner@example.be');
  await page.goto(authorizePath());
  await expect(page).toHaveURL(/\/login\/email\?/);
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
  await submitSignIn(page, paul);
  await expect(page).toHaveURL(/\/mfa$/);
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
  await page.getByRole('link', { name: 'Use another method' }).click();
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
});

test('a partner link without a session leads to sign-in, keeping the request as the target', async ({
  page,
}) => {
  await page.goto(authorizePath(PARTNER_REQUEST));
  await expect(page).toHaveURL(/\/login\/email\?/);
  const target = new URL(page.url()).searchParams.get('target') ?? '';
  const kept = new URL(target, page.url());
  expect(kept.pathname).toBe('/authorize');
  expect(Object.fromEntries(kept.searchParams)).toEqual(PARTNER_REQUEST);
});

test('an invalid partner configuration is never followed to the partner', async ({
  page,
  request,
  login,
  account,
}) => {
  const paul = await account('partner@example.be');
  let leftToEvil = false;
  page.on('request', (r) => {
    if (new URL(r.url()).hostname === 'evil.example') leftToEvil = true;
  });
  // Without a session, the gateway already refuses it.
  const anonymous = await request.get(
    `${api}${authorizePath({ ...PARTNER_REQUEST, client_id: '102' })}`,
    { maxRedirects: 0, headers: { host: `be.localhost:${PORTS.gateway}` } },
  );
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe('/approve?error=invalid_configuration&partner=1');

  await login(paul, { via: 'api' });
  await page.goto(authorizePath({ ...PARTNER_REQUEST, client_id: '102' }));
  await expect(page).toHaveURL(/\/approve\?error=invalid_configuration&partner=1$/);
  await expect(page.getByRole('alert')).toHaveText(
    "Oops. Seems like the partner you're coming from uses an invalid configuration.",
  );
  await page.goto(authorizePath({ ...PARTNER_REQUEST, redirect_uri: 'https://evil.example/cb' }));
  await expect(page).toHaveURL(/\/approve\?error=invalid_configuration&partner=1$/);
  expect(leftToEvil).toBe(false);
});

test('consent once, then the partner gets codes directly; revoking the grant ends its access', async ({
  page,
  request,
  login,
  account,
}) => {
  const paul = await account('partner@example.be');
  await login(paul, { via: 'api' });

  await page.goto(authorizePath(PARTNER_REQUEST));
  // The request waits in the consent flow on the gateway: nothing of it in the address.
  await expect(page).toHaveURL(/\/approve$/);
  // The consent screen has read the request. Granted through the API before it had, the
  // screen would find the grant and send the browser to the partner itself, racing the
  // test's own navigation there (net::ERR_ABORTED).
  await expect(page.getByText('Partner Shop wants to access your account.')).toBeVisible();

  const consent = await portalCall(page, '/api/authorize', {
    method: 'POST',
    body: { ...PARTNER_REQUEST, approve: true },
  });
  expect(consent.status).toBe(200);
  await page.goto(String(consent.body?.target));
  await expect(page.getByRole('heading', { name: 'Partner Shop' })).toBeVisible();

  // Granted: the next visit goes straight back to the partner. (Playwright does not
  // route a redirect's target, so the partner's address is watched, not served; the
  // visit has a tab of its own, whose failed load cannot cut into the next steps.)
  const visit = await page.context().newPage();
  const leaving = visit.waitForRequest((r) => r.url().startsWith(PARTNER_CALLBACK));
  await visit.goto(authorizePath(PARTNER_REQUEST)).catch(() => undefined);
  const back = (await leaving).url();
  await visit.close();
  expect(back).toMatch(/^http:\/\/127\.0\.0\.1:5555\/callback\?code=[\w-]+&state=shop-state-42$/);
  const code = new URL(back).searchParams.get('code') ?? '';

  // The partner's server exchanges the code (form-encoded, PKCE) at the token endpoint.
  const exchange = await request.post(`${mockUrl('be')}/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      code_verifier: VERIFIER,
      client_id: '101',
      redirect_uri: PARTNER_CALLBACK,
    },
  });
  expect(exchange.status()).toBe(200);
  const { access_token, scope } = await exchange.json();
  expect(scope).toBe('user balance');
  const asPartner = { authorization: `Bearer ${access_token}` };
  expect((await request.get(`${mockUrl('be')}/user`, { headers: asPartner })).status()).toBe(200);

  await page.goto('/user/dashboard');
  expect((await portalCall(page, '/api/token/101', { method: 'DELETE' })).status).toBe(204);
  expect((await request.get(`${mockUrl('be')}/user`, { headers: asPartner })).status()).toBe(401);
});

test('refusing on the consent screen sends the browser back to the partner with access_denied and its state', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api' });
  await page.goto(authorizePath(PARTNER_REQUEST));
  await expect(page.getByText('Partner Shop wants to access your account.')).toBeVisible();
  await review(page, 'consent');
  // The screen's plain form posts to the gateway, whose 303 leads to the partner (its CSP
  // lets this form go there). Nothing listens on the partner's port: the address is watched.
  const leaving = page.waitForRequest((r) => r.url().startsWith(PARTNER_CALLBACK));
  await page.getByRole('button', { name: 'Refuse' }).click();
  const back = new URL((await leaving).url());
  expect(`${back.origin}${back.pathname}`).toBe(PARTNER_CALLBACK);
  expect(back.searchParams.get('error')).toBe('access_denied');
  expect(back.searchParams.get('state')).toBe('shop-state-42');
  expect(back.searchParams.has('code')).toBe(false);
});

test('allowing on the consent screen sends the browser to the partner with a code', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api' });
  await page.goto(authorizePath(PARTNER_REQUEST));
  await expect(page.getByText('Partner Shop wants to access your account.')).toBeVisible();
  const leaving = page.waitForRequest((r) => r.url().startsWith(PARTNER_CALLBACK));
  await page.getByRole('button', { name: 'Allow' }).click();
  expect((await leaving).url()).toMatch(
    /^http:\/\/127\.0\.0\.1:5555\/callback\?code=[\w-]+&state=shop-state-42$/,
  );
});
