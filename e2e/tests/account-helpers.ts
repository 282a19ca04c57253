import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { outboxCode } from '../fixtures/mfa';
import { DEMO_PASSWORD, expect } from '../fixtures/stack';
import { BE_URL, LU_URL } from '../playwright.config';

/** Calls the portal API from inside the page, as the web app does (same origin, its cookie). */
export function portalCall(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return page.evaluate(
    async ({ path, method, body }) => {
      let device = localStorage.getItem('device-id');
      if (!device) {
        device = crypto.randomUUID();
        localStorage.setItem('device-id', device);
      }
      const res = await fetch(path, {
        method: method ?? 'GET',
        headers: {
          'x-device-id': device,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { path, method: init.method, body: init.body },
  );
}

/** The portal speaks the user's language; these tests read the English texts. */
export async function inEnglish(page: Page) {
  const res = await portalCall(page, '/api/user', { method: 'PATCH', body: { language: 'en' } });
  expect(res.status).toBe(200);
}

/**
 * Signs another browser (not the test's own page, which the `login` fixture
 * signs in) in through the portal API (sign-in itself is
 * another suite's subject), finishing MFA with the e-mail code of the outbox.
 * Accounts without MFA are signed in by the password alone.
 */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  username: string,
  options: { english?: boolean; region?: 'be' | 'lu' } = {},
) {
  const { english = true, region = 'be' } = options;
  await page.addInitScript((id) => {
    if (!localStorage.getItem('device-id')) localStorage.setItem('device-id', id);
  }, randomUUID());
  await page.goto(`${region === 'lu' ? LU_URL : BE_URL}/login/email`);
  const first = await portalCall(page, '/api/token', {
    method: 'POST',
    body: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });
  if (first.status !== 200) await finishMfa(page, request, username, first, region);
  if (english) await inEnglish(page);
}

async function finishMfa(
  page: Page,
  request: APIRequestContext,
  username: string,
  first: { status: number; body: Record<string, unknown> | null },
  region: 'be' | 'lu',
) {
  expect(first.status).toBe(401);
  const { mfa } = first.body as {
    mfa: { payload: string; methods: { id: number; method: string }[] };
  };
  const email = mfa.methods.find((m) => m.method === 'email');
  if (!email) throw new Error(`${username} has no e-mail method`);
  const params = new URLSearchParams({ payload: mfa.payload, mfaId: String(email.id) });
  expect((await portalCall(page, `/api/mfa/sudo?${params}`)).status).toBe(200);
  const code = await outboxCode(request, username, region);
  const done = await portalCall(page, '/api/mfa/sudo', {
    method: 'POST',
    body: { payload: mfa.payload, code },
  });
  expect(done.status).toBe(200);
}

export { nextTotpCode, totpCode } from '../fixtures/login';
export { outboxCode };
