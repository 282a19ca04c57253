/*
 * The entry pages the gateway draws (docs/decisions/0005-server-rendered-entry-pages.md),
 * apart from the renderer so that tests and tools can read them without React.
 */

/** The pages the gateway draws, by the spec's route names. */
export const ENTRY_PAGES = [
  '/login/email',
  '/login/phone',
  '/forgot-password/email',
  '/forgot-password/phone',
  '/forgot-username',
  '/maintenance',
  '/lock-account/done',
] as const;

/**
 * The sign-in's second-factor steps, drawn from the visitor's sign-in flow
 * (never cached: each is that visitor's), whose forms the gateway takes
 * (docs/flows.md, "Sign-in").
 */
export const SIGN_IN_STEP_PAGES = ['/mfa', '/mfa/methods'] as const;

/**
 * The onboarding's pages, drawn from the visitor's onboarding flow (never
 * cached), whose forms the gateway takes (docs/flows.md, "Onboarding").
 */
export const ONBOARDING_STEP_PAGES = [
  '/onboarding',
  '/onboarding/card',
  '/onboarding/code',
  '/onboarding/create',
  '/onboarding/email-verification',
  '/onboarding/phone-verification',
  '/onboarding/password',
  '/onboarding/confirmation',
  '/onboarding/existingCard',
] as const;

/**
 * The recovery journeys' steps after their first page, drawn from the
 * visitor's flow (never cached), whose forms the gateway takes
 * (docs/flows.md, "Recovery").
 */
export const RECOVERY_STEP_PAGES = [
  '/forgot-password-sent',
  '/reset-password',
  '/forgot-username-response',
] as const;

/**
 * The page of a "this wasn't me" e-mail's lock link, drawn from the visitor's
 * lockdown flow (never cached), whose form the gateway takes (docs/flows.md,
 * "Lock my account").
 */
export const LOCKDOWN_PAGES = ['/lock-account'] as const;

/**
 * The signed-in pages the gateway draws, for the user the session belongs to:
 * the dashboard, where every sign-in lands and the account's first paint is
 * (docs/decisions/0005-server-rendered-entry-pages.md). The other account
 * pages are drawn in the browser.
 */
export const SIGNED_IN_PAGES = ['/user/dashboard'] as const;

/**
 * The sign-in's pages once the session has started, drawn for the signed-in
 * user with their query (`target`): the weak-password replacement
 * (`?verified=true`, the session confined to it) and the question of a
 * deletion under way, and the forced second-factor setup (drawn from its
 * flow). Their forms are the gateway's (docs/flows.md, "Weak password", "Ask
 * for deletion", "Forced MFA").
 */
export const AFTER_SIGN_IN_PAGES = ['/weak-password', '/deletion-pending', '/setup-mfa'] as const;

/**
 * The partner's consent, drawn for the signed-in user from the browser's
 * consent flow, in the language the journey began in; its form is the
 * gateway's (docs/flows.md, "Partner authorisation").
 */
export const CONSENT_PAGES = ['/approve'] as const;

/**
 * The modules each drawn page is drawn from, as Vite's build manifest names
 * them: the gateway links the stylesheets of their chunks (and of every chunk
 * they import) into the drawn page, which is then styled before its script
 * arrives. `gateway/src/plugins/web.test.ts` holds every one to the manifest.
 */
export const PAGE_SOURCES: Record<
  | (typeof ENTRY_PAGES)[number]
  | (typeof SIGN_IN_STEP_PAGES)[number]
  | (typeof ONBOARDING_STEP_PAGES)[number]
  | (typeof RECOVERY_STEP_PAGES)[number]
  | (typeof LOCKDOWN_PAGES)[number]
  | (typeof SIGNED_IN_PAGES)[number]
  | (typeof AFTER_SIGN_IN_PAGES)[number]
  | (typeof CONSENT_PAGES)[number],
  readonly string[]
> = {
  '/login/email': ['src/features/auth/LoginScreen.tsx', 'src/features/passkeys/PasskeySignIn.tsx'],
  '/login/phone': [
    'src/features/auth/LoginScreen.tsx',
    'src/features/passkeys/PasskeySignIn.tsx',
    'src/components/PhoneField.tsx',
  ],
  '/forgot-password/email': ['src/features/recovery/ForgotPasswordScreen.tsx'],
  '/forgot-password/phone': ['src/features/recovery/ForgotPasswordScreen.tsx'],
  '/forgot-username': ['src/features/recovery/ForgotUsernameScreen.tsx'],
  '/onboarding': ['src/app/all-screens.tsx', 'src/features/onboarding/CardScreen.tsx'],
  '/onboarding/card': ['src/app/all-screens.tsx', 'src/features/onboarding/CardScreen.tsx'],
  '/onboarding/code': ['src/app/all-screens.tsx', 'src/features/onboarding/CodeScreen.tsx'],
  '/onboarding/create': ['src/app/all-screens.tsx', 'src/features/onboarding/CreateScreen.tsx'],
  '/onboarding/email-verification': [
    'src/app/all-screens.tsx',
    'src/features/onboarding/EmailVerificationScreen.tsx',
  ],
  '/onboarding/phone-verification': [
    'src/app/all-screens.tsx',
    'src/features/onboarding/PhoneVerificationScreen.tsx',
  ],
  '/onboarding/password': ['src/app/all-screens.tsx', 'src/features/onboarding/PasswordScreen.tsx'],
  '/onboarding/confirmation': [
    'src/app/all-screens.tsx',
    'src/features/onboarding/ConfirmationScreen.tsx',
  ],
  '/onboarding/existingCard': [
    'src/app/all-screens.tsx',
    'src/features/onboarding/ExistingCardScreen.tsx',
  ],
  '/forgot-password-sent': [
    'src/app/all-screens.tsx',
    'src/features/recovery/ForgotPasswordSentScreen.tsx',
  ],
  '/reset-password': ['src/app/all-screens.tsx', 'src/features/recovery/ResetPasswordScreen.tsx'],
  '/forgot-username-response': [
    'src/app/all-screens.tsx',
    'src/features/recovery/ForgotUsernameResponseScreen.tsx',
  ],
  '/mfa': ['src/app/all-screens.tsx', 'src/features/mfa/MfaCodeScreen.tsx'],
  '/mfa/methods': ['src/app/all-screens.tsx', 'src/features/mfa/MfaMethodsScreen.tsx'],
  // Part of the entry chunk: its styles come with the page's own stylesheet.
  '/maintenance': [],
  '/approve': ['src/app/all-screens.tsx', 'src/features/consent/ConsentScreen.tsx'],
  '/weak-password': ['src/app/all-screens.tsx', 'src/features/recovery/WeakPasswordScreen.tsx'],
  '/deletion-pending': [
    'src/app/all-screens.tsx',
    'src/features/your-data/DeletionPendingScreen.tsx',
  ],
  '/setup-mfa': ['src/app/all-screens.tsx', 'src/features/forced-mfa/ForcedMfaScreen.tsx'],
  '/lock-account': ['src/app/all-screens.tsx', 'src/features/lockdown/LockAccountScreen.tsx'],
  '/lock-account/done': ['src/app/all-screens.tsx', 'src/features/lockdown/LockedScreen.tsx'],
  '/user/dashboard': [
    'src/app/all-screens.tsx',
    'src/features/dashboard/DashboardScreen.tsx',
    'src/features/dashboard/SecurityCheckup.tsx',
  ],
};
