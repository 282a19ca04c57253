import { useQuery } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';
import { matchRoutes, Outlet, type RouteObject, useRoutes } from 'react-router';
import { type LazyScreen, lazyScreen } from '../lib/lazy';
import { routes } from '../lib/routes';
import { signInFlowQuery } from '../lib/sign-in-flow';

/*
 * Every screen but the sign-in pages (those are in `router.tsx`, with the
 * first page). This table loads on demand the first time the user goes
 * beyond sign-in, so that adding screens here never weighs on /login/email.
 * Add a screen: a `lazyScreen(load, namespaces)` and its route object; the
 * `RouteGuard` applies docs/product.md part 4's rules by route name.
 */

// The account layout (sidebar, tabs on mobile, breadcrumbs) wraps the account screens.
const UserLayout = lazyScreen(() => import('../components/UserLayout'));
const DashboardScreen = lazyScreen(
  () => import('../features/dashboard/DashboardScreen'),
  ['dashboard'],
);

// Sign-in journeys: MFA at sign-in and step-up, recovery (docs/flows.md, docs/journeys-signin.md).
const mfa = ['mfa'] as const;
const recovery = ['recovery'] as const;
const MfaMethodsScreen = lazyScreen(() => import('../features/mfa/MfaMethodsScreen'), mfa);
const MfaCodeScreen = lazyScreen(() => import('../features/mfa/MfaCodeScreen'), mfa);
const TotpRecoveryScreen = lazyScreen(
  () => import('../features/mfa/TotpRecoveryScreen'),
  ['mfa', 'account'],
);
const ForgotPasswordScreen = lazyScreen(
  () => import('../features/recovery/ForgotPasswordScreen'),
  recovery,
);
const ForgotPasswordSentScreen = lazyScreen(
  () => import('../features/recovery/ForgotPasswordSentScreen'),
  recovery,
);
const ResetPasswordScreen = lazyScreen(
  () => import('../features/recovery/ResetPasswordScreen'),
  recovery,
);
const WeakPasswordScreen = lazyScreen(
  () => import('../features/recovery/WeakPasswordScreen'),
  recovery,
);
const ForgotUsernameScreen = lazyScreen(
  () => import('../features/recovery/ForgotUsernameScreen'),
  recovery,
);
const ForgotUsernameResponseScreen = lazyScreen(
  () => import('../features/recovery/ForgotUsernameResponseScreen'),
  recovery,
);

// Self-service, the signed-in account screens (docs/flows.md, Screens): one chunk per screen,
// with the `account` texts.
const account = ['account'] as const;
/** Screens that also show trusted devices or security alerts. */
const withDevices = ['account', 'devices'] as const;
const ProfileScreen = lazyScreen(
  () => import('../features/profile/ProfileScreen'),
  [...withDevices, 'data'],
);
const EditInfoScreen = lazyScreen(() => import('../features/profile/EditInfoScreen'), account);
const EditCredentialsScreen = lazyScreen(
  () => import('../features/profile/EditCredentialsScreen'),
  account,
);
const SecurityScreen = lazyScreen(
  () => import('../features/security/SecurityScreen'),
  ['account', 'passkeys', 'devices', 'lockdown'],
);
// "Lock my account" (docs/flows.md): the e-mail link's page and the page after, signed out or
// in; the review of the passkeys and second factors at the sign-in after a lockdown.
const lockdown = ['lockdown'] as const;
const LockAccountScreen = lazyScreen(
  () => import('../features/lockdown/LockAccountScreen'),
  lockdown,
);
const LockedScreen = lazyScreen(() => import('../features/lockdown/LockedScreen'), lockdown);
const ReviewScreen = lazyScreen(
  () => import('../features/security/ReviewScreen'),
  ['account', 'passkeys', 'lockdown'],
);
// Passkeys (docs/threat-model.md, 3. Passkey): `@simplewebauthn/browser` loads with the
// ceremonies, not with the screen.
const PasskeysScreen = lazyScreen(
  () => import('../features/passkeys/PasskeysScreen'),
  ['account', 'passkeys'],
);
const MfaEditScreen = lazyScreen(() => import('../features/security/MfaEditScreen'), account);
const EditRecoveryScreen = lazyScreen(
  () => import('../features/security/EditRecoveryScreen'),
  account,
);
const EditPasswordScreen = lazyScreen(
  () => import('../features/security/EditPasswordScreen'),
  account,
);
const HistoryScreen = lazyScreen(
  () => import('../features/security/HistoryScreen'),
  [...withDevices, 'lockdown'],
);
const TrustedDevicesScreen = lazyScreen(
  () => import('../features/security/TrustedDevicesScreen'),
  withDevices,
);
const AccessScreen = lazyScreen(() => import('../features/access/AccessScreen'), account);
const NotificationsScreen = lazyScreen(
  () => import('../features/profile/NotificationsScreen'),
  withDevices,
);
const ConsentScreen = lazyScreen(() => import('../features/consent/ConsentScreen'), account);
const ForcedMfaScreen = lazyScreen(() => import('../features/forced-mfa/ForcedMfaScreen'), account);
const SetupSelectionScreen = lazyScreen(
  () => import('../features/setup-mfa/SelectionScreen'),
  account,
);
const SetupContactScreen = lazyScreen(
  () => import('../features/setup-mfa/ContactStepScreen'),
  account,
);
const SetupTotpScreen = lazyScreen(() => import('../features/setup-mfa/TotpScreen'), account);
const SetupConfirmationScreen = lazyScreen(
  () => import('../features/setup-mfa/ConfirmationScreen'),
  account,
);
const SetupSuccessScreen = lazyScreen(() => import('../features/setup-mfa/SuccessScreen'), account);
const TotpRedirectScreen = lazyScreen(
  () => import('../features/setup-mfa/TotpRedirectScreen'),
  account,
);

// Onboarding, duplicate merge, partner and identity-provider login: one chunk per screen, `flows` texts.
const flows = ['flows'] as const;
const OnboardingCardScreen = lazyScreen(() => import('../features/onboarding/CardScreen'), flows);
const OnboardingCodeScreen = lazyScreen(() => import('../features/onboarding/CodeScreen'), flows);
const ExistingCardScreen = lazyScreen(
  () => import('../features/onboarding/ExistingCardScreen'),
  flows,
);
const CreateScreen = lazyScreen(() => import('../features/onboarding/CreateScreen'), flows);
const EmailVerificationScreen = lazyScreen(
  () => import('../features/onboarding/EmailVerificationScreen'),
  flows,
);
const PhoneVerificationScreen = lazyScreen(
  () => import('../features/onboarding/PhoneVerificationScreen'),
  flows,
);
const OnboardingPasswordScreen = lazyScreen(
  () => import('../features/onboarding/PasswordScreen'),
  flows,
);
const OnboardingConfirmationScreen = lazyScreen(
  () => import('../features/onboarding/ConfirmationScreen'),
  flows,
);
const DuplicatedScreen = lazyScreen(() => import('../features/fuzzion/DuplicatedScreen'), flows);
const FuzzionSuccessScreen = lazyScreen(
  () => import('../features/fuzzion/FuzzionSuccessScreen'),
  flows,
);
const PartnerScreen = lazyScreen(() => import('../features/partner/PartnerScreen'), flows);
const RequestAccessScreen = lazyScreen(
  () => import('../features/partner/RequestAccessScreen'),
  flows,
);
const NoAccountScreen = lazyScreen(() => import('../features/partner/NoAccountScreen'), flows);
const LinkExistingScreen = lazyScreen(
  () => import('../features/partner/LinkExistingScreen'),
  flows,
);
const LinkSuccessScreen = lazyScreen(() => import('../features/partner/LinkSuccessScreen'), flows);
const SsoCallbackScreen = lazyScreen(() => import('../features/partner/SsoCallbackScreen'), flows);
// Your data (docs/flows.md): the copy and the deletion, `data` texts.
const yourData = ['data', 'account'] as const;
const DownloadDataScreen = lazyScreen(
  () => import('../features/your-data/DownloadDataScreen'),
  yourData,
);
const DeleteAccountScreen = lazyScreen(
  () => import('../features/your-data/DeleteAccountScreen'),
  yourData,
);
const DeletionPendingScreen = lazyScreen(
  () => import('../features/your-data/DeletionPendingScreen'),
  yourData,
);
const DeletionRequestedScreen = lazyScreen(
  () => import('../features/your-data/DeletionRequestedScreen'),
  yourData,
);
const LegalScreen = lazyScreen(() => import('../features/legal/LegalScreen'), ['legal']);

/** Screens shown inside the user sidebar/tabs layout. */
const userScreens: RouteObject[] = [
  { path: routes['user.dashboard'], element: <DashboardScreen /> },
  { path: routes['user.access'], element: <AccessScreen /> },
  { path: routes['user.notifications'], element: <NotificationsScreen /> },
  { path: routes.profile, element: <ProfileScreen /> },
  { path: routes['profile.edit-info'], element: <EditInfoScreen /> },
  { path: routes['profile.edit-credentials'], element: <EditCredentialsScreen /> },
  { path: routes['profile.data'], element: <DownloadDataScreen /> },
  { path: routes['profile.delete'], element: <DeleteAccountScreen /> },
  { path: routes.security, element: <SecurityScreen /> },
  { path: routes['security.mfa-edit'], element: <MfaEditScreen /> },
  { path: routes['security.edit-recovery'], element: <EditRecoveryScreen /> },
  { path: routes['security.edit-password'], element: <EditPasswordScreen /> },
  { path: routes['security.history'], element: <HistoryScreen /> },
  { path: routes['security.passkeys'], element: <PasskeysScreen /> },
  { path: routes['security.trusted-devices'], element: <TrustedDevicesScreen /> },
  { path: routes['security.review'], element: <ReviewScreen /> },
];

/**
 * A step-up happens inside the account: the sidebar stays, so the user still
 * sees where they are. At sign-in (and in a merge) the MFA screens stand alone.
 * Whose steps these are is the gateway's flow's (`view.journey`).
 */
function MfaFrame() {
  const { data: view } = useQuery(signInFlowQuery);
  return view?.journey === 'step-up' ? <UserLayout /> : <Outlet />;
}

/** Every other screen: MFA, recovery, onboarding, partner, consent, MFA setup. */
const screens: RouteObject[] = [
  {
    element: <MfaFrame />,
    children: [
      { path: routes.mfa, element: <MfaCodeScreen /> },
      { path: routes['mfa-methods'], element: <MfaMethodsScreen /> },
    ],
  },
  { path: routes['mfa-totp-recovery'], element: <TotpRecoveryScreen /> },
  { path: routes['forgot-password.email'], element: <ForgotPasswordScreen by="email" /> },
  { path: routes['forgot-password.phone'], element: <ForgotPasswordScreen by="phone" /> },
  { path: routes['forgot-password-sent'], element: <ForgotPasswordSentScreen /> },
  { path: routes['reset-password'], element: <ResetPasswordScreen /> },
  { path: routes['weak-password'], element: <WeakPasswordScreen /> },
  { path: routes['forgot-username'], element: <ForgotUsernameScreen /> },
  { path: routes['forgot-username-response'], element: <ForgotUsernameResponseScreen /> },
  { path: routes.approve, element: <ConsentScreen /> },
  // The forced-MFA guard sends here: the intro for forced users and customers, else the choice.
  { path: routes['setup-mfa'], element: <ForcedMfaScreen /> },
  { path: routes['setup-mfa.selection'], element: <SetupSelectionScreen /> },
  { path: routes['setup-mfa.email'], element: <SetupContactScreen kind="email" /> },
  { path: routes['setup-mfa.phone'], element: <SetupContactScreen kind="sms" /> },
  { path: routes['setup-mfa.totp'], element: <SetupTotpScreen /> },
  { path: routes['setup-mfa.confirmation'], element: <SetupConfirmationScreen /> },
  { path: routes['setup-mfa.success'], element: <SetupSuccessScreen /> },
  { path: routes['setup-totp.success'], element: <SetupSuccessScreen totp /> },
  { path: routes['totp.redirect'], element: <TotpRedirectScreen /> },
  // The start is the card's step (the start's choice, the welcome folded in: docs/flows.md).
  { path: routes.onboarding, element: <OnboardingCardScreen /> },
  { path: routes['onboarding.card'], element: <OnboardingCardScreen /> },
  { path: routes['onboarding.code'], element: <OnboardingCodeScreen /> },
  { path: routes['onboarding.existingCard'], element: <ExistingCardScreen /> },
  { path: routes['onboarding.create'], element: <CreateScreen /> },
  { path: routes['onboarding.email-verification'], element: <EmailVerificationScreen /> },
  { path: routes['onboarding.phone-verification'], element: <PhoneVerificationScreen /> },
  { path: routes['onboarding.password'], element: <OnboardingPasswordScreen /> },
  { path: routes['onboarding.confirmation'], element: <OnboardingConfirmationScreen /> },
  { path: routes.duplicated, element: <DuplicatedScreen /> },
  { path: routes['fuzzion-success'], element: <FuzzionSuccessScreen /> },
  { path: routes.partner, element: <PartnerScreen /> },
  { path: routes['partner.request-access'], element: <RequestAccessScreen /> },
  { path: routes['partner.no-account'], element: <NoAccountScreen /> },
  { path: routes['partner.link-existing'], element: <LinkExistingScreen /> },
  { path: routes['partner.link-success'], element: <LinkSuccessScreen /> },
  { path: routes['sso.callback'], element: <SsoCallbackScreen /> },
  { path: routes['deletion-pending'], element: <DeletionPendingScreen /> },
  { path: routes['deletion-requested'], element: <DeletionRequestedScreen /> },
  { path: routes['legal.terms'], element: <LegalScreen document="terms" /> },
  { path: routes['legal.privacy'], element: <LegalScreen document="privacy" /> },
  { path: routes['lock-account'], element: <LockAccountScreen /> },
  { path: routes['lock-account.done'], element: <LockedScreen /> },
];

/** The screens' routes, matched below the sign-in routes of `router.tsx`. */
export const screenRoutes: RouteObject[] = [
  ...screens,
  { element: <UserLayout />, children: userScreens },
  // Unknown paths go home (docs/product.md part 2); the guard does it, this only matches them.
  { path: '*', element: null },
];

/**
 * Starts loading the code and texts of what `pathname` shows (its layouts and
 * its screen), so that a page opened directly (a bookmark, a reload) fetches
 * them beside the signed-in check instead of after it.
 */
/** The lazy screens (layouts and screen) that `pathname` shows. */
function screensOf(pathname: string): Partial<LazyScreen<ComponentType>>[] {
  return (matchRoutes(screenRoutes, pathname) ?? []).map(
    (match) =>
      ((match.route.element as ReactElement | null | undefined)?.type ?? {}) as Partial<
        LazyScreen<ComponentType>
      >,
  );
}

function preloadScreens(pathname: string): Promise<unknown> {
  return Promise.all(screensOf(pathname).map((screen) => screen.preload?.()));
}

/** Starts fetching the code of what `pathname` shows, before its texts can load. */
function fetchScreensCode(pathname: string): Promise<unknown> {
  return Promise.all(screensOf(pathname).map((screen) => screen.fetchCode?.()));
}

function AllScreens() {
  return useRoutes(screenRoutes);
}

export default Object.assign(AllScreens, { preloadScreens, fetchScreensCode });
