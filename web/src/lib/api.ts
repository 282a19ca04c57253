import { portalApi } from 'virtual:portal-api';
import { initClient } from '@ts-rest/core';
import { deviceId } from './device';

export const clientArgs = {
  baseUrl: '',
  baseHeaders: { 'x-device-id': () => deviceId() },
  credentials: 'same-origin' as const,
};

/**
 * The portal calls as plain async functions answering `{status, body}` (every
 * status, errors included): for the steps of a flow that run outside a
 * component's render, and for the first page's queries. Screens use the hooks
 * of `./tsr`.
 */
export const api = initClient(portalApi, clientArgs);

/**
 * A call's answer as ts-rest's query hooks (`./tsr`) keep it: `{status, body,
 * headers}` when 2xx, thrown otherwise. The first page's own queries use
 * `api` through this, so that they and the screens' hooks share their cache.
 */
export async function answerOrThrow<T extends { status: number }>(
  answer: Promise<T>,
): Promise<Extract<T, { status: 200 | 201 | 204 }>> {
  const res = await answer;
  if (res.status < 200 || res.status >= 300) throw res;
  return res as Extract<T, { status: 200 | 201 | 204 }>;
}

/** Query keys, one factory for the whole app's server state. */
export const queryKeys = {
  config: ['config'] as const,
  user: ['user'] as const,
  /** `GET /mfa/status` (sudo): never reused, a step-up must see the latest answer. */
  mfaStatus: ['mfa', 'status'] as const,
  /** `GET /mfa/methods`: the one list every screen that shows or changes a method reads. */
  mfaMethods: ['mfa', 'methods'] as const,
  ssoDiscover: (email: string) => ['sso-discover', email] as const,
};
