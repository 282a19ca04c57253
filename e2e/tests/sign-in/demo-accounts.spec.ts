import { expect, test } from '../../fixtures/login';
import { LU_URL } from '../../playwright.config';

// The README's demo table itself: the demo accounts, not copies (the one test that signs them in).
test('every demo account can sign in', async ({ page, login, context }) => {
  test.setTimeout(120_000);
  const where: [string, RegExp, 'email' | 'totp'][] = [
    ['employee@example.be', /\/user\/dashboard$/, 'email'],
    ['totp@example.be', /\/user\/dashboard$/, 'totp'],
    ['customer@example.be', /\/setup-mfa/, 'email'],
    ['forced@example.be', /\/setup-mfa/, 'email'],
    ['weak@example.be', /\/weak-password\?verified=true/, 'email'],
    ['duplicate@example.be', /\/duplicated$/, 'email'],
    ['partner@example.be', /\/user\/dashboard$/, 'email'],
    ['sso@acme.example', /\/user\/dashboard$/, 'email'],
  ];
  for (const [username, expected, mfa] of where) {
    await context.clearCookies();
    await login(username, { mfa, demo: true });
    await expect(page, username).toHaveURL(expected);
  }
  await context.clearCookies();
  await login('marie@example.lu', { origin: LU_URL, demo: true });
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
