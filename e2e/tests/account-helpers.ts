import type { APIRequestContext, Page } from '@playwright/test';
import { signInThroughApi } from '../fixtures/login';
import { ensureDevice, outboxCode, portalCall } from '../fixtures/portal';
import { expect } from '../fixtures/stack';
import { BE_URL, LU_URL } from '../playwright.config';

/** The portal speaks the user's language; these tests read the English texts. */
export async function inEnglish(page: Page) {
  const res = await portalCall(page, '/api/user', { method: 'PATCH', body: { language: 'en' } });
  expect(res.status).toBe(200);
}

/**
 * Signs another browser (not the test's own page, which the `login` fixture
 * signs in) in through the portal API (sign-in itself is another suite's
 * subject), finishing MFA with the e-mail code of the outbox; in English
 * unless told otherwise.
 */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  username: string,
  options: { english?: boolean; region?: 'be' | 'lu' } = {},
) {
  const { english = true, region = 'be' } = options;
  await ensureDevice(page);
  await signInThroughApi(page, request, username, { origin: region === 'lu' ? LU_URL : BE_URL });
  if (english) await inEnglish(page);
}

export { nextTotpCode, totpCode } from '../fixtures/login';
export { outboxCode, portalCall };
