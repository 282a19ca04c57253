import { expect, test } from '../fixtures/login';
import { inEnglish } from './account-helpers';

/** Issue 15, item 1: consent shows who is signed in and where the app lives; each outcome has its own heading. */

const CALLBACK = 'http://127.0.0.1:5555/callback';
const authorize = (clientId: string) =>
  `/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'user balance',
    state: 'xyz',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  })}`;

test('consent names the signed-in account and the app site; refusal has its own heading', async ({
  page,
  login,
}) => {
  await login('partner@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto(authorize('101'));
  await expect(page.getByRole('heading', { level: 1, name: 'Allow access' })).toBeVisible();
  await expect(page.getByText(/^Logged in as .*\(partner@example\.be\)/)).toBeVisible();
  await expect(page.getByText('Site of the app: 127.0.0.1:5555')).toBeVisible();
  await page.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Access denied' })).toBeVisible();
});

test('an invalid partner configuration is not headed "Allow access"', async ({ page, login }) => {
  await login('partner@example.be', { via: 'api' });
  await inEnglish(page);
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
  await login('partner@example.be', { via: 'api' });
  await inEnglish(page);
  await page.goto(authorize('101'));
  await page.getByRole('button', { name: /^Not you\?/ }).click();
  await expect(page).toHaveURL(/\/login\/email\?target=%2Fauthorize%3F/);
});

test('the sign-in page names the partner app that sent the user', async ({ page }) => {
  await page.goto(authorize('101'));
  await expect(page).toHaveURL(/\/login\/email\?/);
  await expect(page.getByText('Log in to continue to Partner Shop.')).toBeVisible();
  await expect(page.getByText(/the app that sent you here/)).toHaveCount(0);
});
