import { authAccount, authPortal } from './auth';
import { c } from './c';
import { configPortal } from './config';
import {
  devicesAccount,
  devicesPortal,
  notificationsAccount,
  notificationsPortal,
} from './devices';
import { ErrorBody, gatewayErrors } from './errors';
import { forcedMfaPortal } from './forced-mfa';
import { fuzzionAccount } from './fuzzion';
import { grantsAccount, grantsPortal } from './grants';
import { lockdownAccount, lockdownPortal } from './lockdown';
import { mergePortal } from './merge';
import { mfaAccount, mfaPortal } from './mfa';
import { onboardingAccount } from './onboarding';
import { onboardingFlowPortal } from './onboarding-flow';
import { partnerAccount, partnerPortal } from './partner';
import { passkeysAccount, passkeysPortal } from './passkeys';
import { profileAccount, profilePortal } from './profile';
import { recoveryPortal } from './recovery';
import { sessionsAccount, sessionsPortal } from './sessions';
import { signInPortal } from './sign-in';
import { stepUpPortal } from './step-up';
import { yourDataAccount, yourDataPortal } from './your-data';

/** What an upstream account API speaks (docs/product.md part 7 plus the calls the screens need). */
export const accountApi = c.router(
  {
    auth: authAccount,
    mfa: mfaAccount,
    profile: profileAccount,
    sessions: sessionsAccount,
    grants: grantsAccount,
    onboarding: onboardingAccount,
    fuzzion: fuzzionAccount,
    partner: partnerAccount,
    passkeys: passkeysAccount,
    devices: devicesAccount,
    notifications: notificationsAccount,
    yourData: yourDataAccount,
    lockdown: lockdownAccount,
  },
  // 403 `insufficient_scope`: a token that falls short of the route's need
  // (a partner's token on a portal-only route, a scope it was not granted).
  { strictStatusCodes: true, commonResponses: { 403: ErrorBody } },
);

/** What the browser speaks to the gateway: the same calls under /api, with no token anywhere. */
export const portalApi = c.router(
  {
    auth: authPortal,
    mfa: mfaPortal,
    profile: profilePortal,
    sessions: sessionsPortal,
    grants: grantsPortal,
    partner: partnerPortal,
    passkeys: passkeysPortal,
    devices: devicesPortal,
    notifications: notificationsPortal,
    config: configPortal,
    signIn: signInPortal,
    stepUp: stepUpPortal,
    forcedMfa: forcedMfaPortal,
    merge: mergePortal,
    onboardingFlow: onboardingFlowPortal,
    yourData: yourDataPortal,
    recovery: recoveryPortal,
    lockdown: lockdownPortal,
  },
  { strictStatusCodes: true, pathPrefix: '/api', commonResponses: gatewayErrors },
);

export type AccountApi = typeof accountApi;
export type PortalApi = typeof portalApi;

export * from './auth';
export * from './config';
export * from './devices';
export * from './errors';
export * from './fields';
export * from './forced-mfa';
export * from './fuzzion';
export * from './grants';
export * from './lockdown';
export * from './log-redaction';
export * from './merge';
export * from './mfa';
export * from './onboarding';
export * from './onboarding-flow';
export * from './pages';
export * from './partner';
export * from './passkeys';
export * from './profile';
export * from './rate-limits';
export * from './recovery';
export * from './sessions';
export * from './sign-in';
export * from './step-up';
export * from './validation';
export * from './your-data';
