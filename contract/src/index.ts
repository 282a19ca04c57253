import { authAccount, authPortal } from './auth';
import { c } from './c';
import { configPortal } from './config';
import { userAccount } from './user';

/** What an upstream account API speaks (spec part 7). */
export const accountApi = c.router(
  { auth: authAccount, user: userAccount },
  { strictStatusCodes: true },
);

/** What the browser speaks to the gateway: the same calls under /api, with no token anywhere. */
export const portalApi = c.router(
  { auth: authPortal, user: userAccount, config: configPortal },
  { strictStatusCodes: true, pathPrefix: '/api' },
);

export type AccountApi = typeof accountApi;
export type PortalApi = typeof portalApi;

export * from './auth';
export * from './config';
export * from './errors';
export * from './fields';
export * from './mfa';
export * from './user';
export * from './validation';
