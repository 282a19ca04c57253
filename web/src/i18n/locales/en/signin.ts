export const signin = {
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
} as const;
