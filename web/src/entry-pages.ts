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
  '/onboarding',
  '/maintenance',
] as const;

/**
 * The modules each entry page is drawn from, as Vite's build manifest names
 * them: the gateway links the stylesheets of their chunks (and of every chunk
 * they import) into the drawn page, which is then styled before its script
 * arrives. `gateway/src/plugins/web.test.ts` holds every one to the manifest.
 */
export const PAGE_SOURCES: Record<(typeof ENTRY_PAGES)[number], readonly string[]> = {
  '/login/email': ['src/features/auth/LoginScreen.tsx', 'src/features/passkeys/PasskeySignIn.tsx'],
  '/login/phone': [
    'src/features/auth/LoginScreen.tsx',
    'src/features/passkeys/PasskeySignIn.tsx',
    'src/components/PhoneField.tsx',
  ],
  '/forgot-password/email': ['src/features/recovery/ForgotPasswordScreen.tsx'],
  '/forgot-password/phone': ['src/features/recovery/ForgotPasswordScreen.tsx'],
  '/forgot-username': ['src/features/recovery/ForgotUsernameScreen.tsx'],
  '/onboarding': ['src/features/onboarding/OnboardingStartScreen.tsx'],
  // Part of the entry chunk: its styles come with the page's own stylesheet.
  '/maintenance': [],
};
