/** English: the source of every key. Other locales must have exactly these keys (typed). */
export const en = {
  app: {
    name: 'My Account',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    language: 'Language',
  },
  nav: {
    dashboard: 'Dashboard',
    profile: 'Profile',
    security: 'Security',
    access: 'Access',
    notifications: 'Notifications',
    logout: 'Log out',
    login: 'Log in',
  },
  login: {
    titleDefault: 'Log in to your account',
    titleEmployee: 'Log in to your employee area',
    titleClient: 'Log in to your client area',
    email: 'E-mail address',
    phone: 'Phone number',
    password: 'Password',
    submit: 'Log in',
    withPhone: 'Log in with your phone number',
    withEmail: 'Log in with your e-mail address',
    forgotPassword: 'Forgot your password?',
    forgotUsername: 'Forgot your username?',
    createAccountTitle: 'New here?',
    createAccount: 'Create an account',
    errors: {
      invalid: 'Invalid username/password.',
      tooMany: 'Too many attempts. Please try again later.',
      server: 'An error has occurred. Please try again later.',
      required: 'This field is required.',
    },
  },
  dashboard: {
    welcome: 'Welcome, {{firstname}}',
    services: 'Your services',
  },
  logout: {
    failed: 'Something went wrong. Unable to log out.',
  },
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale has: the same keys as English, any text. */
export type Messages = Widen<typeof en>;
