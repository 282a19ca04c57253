/** Texts of the sign-in pages and the dashboard (loaded at start-up: keep them short). */
export const signin = {
  login: {
    titleDefault: 'Log in to your account',
    titleEmployee: 'Log in to your employee area',
    titleClient: 'Log in to your client area',
    titleAdministration: 'Log in to the administration',
    partner: 'Log in to continue to the app that sent you here.',
    email: 'E-mail address',
    phone: 'Phone number',
    country: 'Country code',
    password: 'Password',
    submit: 'Log in',
    withPhone: 'Log in with your phone number',
    withEmail: 'Log in with your e-mail address',
    forgotPassword: 'Forgot your password?',
    forgotUsername: 'Forgot your username?',
    createAccountTitle: 'New here?',
    createAccountText: 'Create your account with your card or your invitation code.',
    createAccount: 'Create an account',
    errors: {
      invalid: 'Invalid username/password.',
      tooMany: 'Too many attempts. Please try again later.',
      required: 'This field is required.',
      email: 'The email provided is invalid.',
      phone: 'The phone number provided is invalid.',
    },
  },
  captcha: {
    label: 'Security check',
    required: 'Please complete the security check.',
    errors: {
      server: 'The security check is not available on the server side.',
      window: 'The security check is not available in this window.',
      notLoaded: 'The security check has not loaded yet. Please wait a moment.',
      element: 'The security check could not be shown on this page.',
      script: 'The security check could not be loaded. Check your connection and try again.',
    },
  },
  hashLogin: {
    signingIn: 'Logging you in…',
    failed: 'This login link is no longer valid. Please log in.',
  },
} as const;
