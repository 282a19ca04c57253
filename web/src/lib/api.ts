import { portalApi } from '@portal/contract';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { deviceId } from './device';

/** The only way screens talk to the gateway: hooks derived from the portal contract. */
export const tsr = initTsrReactQuery(portalApi, {
  baseUrl: '',
  baseHeaders: { 'x-device-id': () => deviceId() },
  credentials: 'same-origin',
});

/** Query keys, one factory for the whole app's server state. */
export const queryKeys = {
  config: ['config'] as const,
  user: ['user'] as const,
  /** `GET /mfa/status` (sudo): never reused, a step-up must see the latest answer. */
  mfaStatus: ['mfa', 'status'] as const,
};
