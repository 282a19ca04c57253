import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/login';
import { visit } from '../../fixtures/portal';
import { LU_URL } from '../../playwright.config';

/**
 * The built web app runs under the gateway's strict Content-Security-Policy
 * without a single violation: every screen visited here is watched both
 * through the `securitypolicyviolation` event and Chromium's console.
 */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __csp?: string[] };
      w.__csp = w.__csp ?? [];
      w.__csp.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...violations,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

test('the signed-out screens of both variants run under the CSP without violations', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const res = await visit(page, '/login/email');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(res?.headers()['strict-transport-security']).toBeUndefined();
  expect(res?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  for (const path of ['/login/phone', '/forgot-password', '/forgot-username', '/onboarding']) {
    await visit(page, path);
  }
  await visit(page, `${LU_URL}/login/email`);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: 'Account portal: portal API' })).toBeVisible();
  // The docs page's own stylesheet applies (it is not inline).
  await expect(page.locator('nav')).toHaveCSS('position', 'sticky');
  expect(await violations()).toEqual([]);

  // And an injected inline script is blocked (and seen by this watcher).
  await visit(page, '/login/email');
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
    await new Promise((r) => setTimeout(r, 100));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  expect((await violations()).join('\n')).toContain('script-src');
});

test('the signed-in screens run under the CSP without violations', async ({
  page,
  login,
  account,
}) => {
  const tom = await account('totp@example.be');
  const violations = await watchViolations(page);
  await login(tom, { mfa: 'totp' });
  for (const path of [
    '/user/dashboard',
    '/profile',
    '/security',
    '/security/history',
    '/setup-mfa/selection',
  ]) {
    await visit(page, path);
  }
  expect(await violations()).toEqual([]);
});
