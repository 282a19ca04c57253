import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { outboxCode } from '../fixtures/mfa';
import { DEMO_PASSWORD, expect, mockUrl } from '../fixtures/stack';

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

/**
 * Signs the page's browser in through the portal API (sign-in itself is
 * another suite's subject), finishing MFA with the e-mail code of the outbox.
 * Accounts without MFA are signed in by the password alone.
 */
export async function signInAs(page: Page, request: APIRequestContext, username: string) {
  await page.addInitScript((id) => {
    if (!localStorage.getItem('device-id')) localStorage.setItem('device-id', id);
  }, randomUUID());
  await page.goto('/login/email');
  const first = await portalCall(page, '/api/token', {
    method: 'POST',
    body: { grant_type: 'password', username, password: DEMO_PASSWORD },
  });
  if (first.status === 200) return;
  expect(first.status).toBe(401);
  const { mfa } = first.body as {
    mfa: { payload: string; methods: { id: number; method: string }[] };
  };
  const email = mfa.methods.find((m) => m.method === 'email');
  if (!email) throw new Error(`${username} has no e-mail method`);
  const params = new URLSearchParams({ payload: mfa.payload, mfaId: String(email.id) });
  expect((await portalCall(page, `/api/mfa/sudo?${params}`)).status).toBe(200);
  const code = await outboxCode(request, username);
  const done = await portalCall(page, '/api/mfa/sudo', {
    method: 'POST',
    body: { payload: mfa.payload, code },
  });
  expect(done.status).toBe(200);
}

/** Moves the mock's clock: the sign-in's MFA check is no longer recent afterwards. */
export async function letSudoExpire(request: APIRequestContext) {
  const res = await request.post(`${mockUrl('be')}/__dev/clock`, {
    data: { advance_ms: 16 * 60_000 },
  });
  expect(res.status()).toBe(200);
}

export { outboxCode };
