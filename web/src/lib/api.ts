import { portalApi } from 'virtual:portal-api';
import { initClient } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { deviceId } from './device';

const clientArgs = {
  baseUrl: '',
  baseHeaders: { 'x-device-id': () => deviceId() },
  credentials: 'same-origin' as const,
};

/** The only way screens talk to the gateway: hooks derived from the portal contract. */
export const tsr = initTsrReactQuery(portalApi, clientArgs);

/**
 * The same calls as plain async functions answering `{status, body}` (every
 * status, errors included), for the steps of a flow that run outside a
 * component's render (after sign-in) or must not wait for React.
 */
export const api = initClient(portalApi, clientArgs);

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
