/** Texts of the forms and navigation every screen after the sign-in uses (not the first page's). */
export const forms = {
  breadcrumbs: {
    label: 'Breadcrumb',
    home: 'Home',
  },
  code: {
    label: 'Verification code',
    hint: '{{count}}-digit code',
    invalid: 'Your code is invalid, try again.',
    resend: 'Send a new code',
    resendIn: 'You can ask for a new code in {{count}} s',
    resent: 'A new code is on its way.',
  },
  password: {
    label: 'New password',
    confirm: 'Repeat the new password',
    show: 'Show password',
    rulesTitle: 'Your password needs',
    met: 'done',
    unmet: 'to do',
    rules: {
      length: 'At least {{count}} characters in total',
      letters: 'Letters: at least {{count}}',
      numbers: 'Digits: at least {{count}}',
      special: 'Special characters (such as ! ? # or %): at least {{count}}',
    },
    errors: {
      required: 'Password is required',
      mismatch: "Passwords don't match!",
      length: 'Not enough characters',
      letters: 'No letter',
      numbers: 'No number',
      special: 'No special characters',
      unchanged: 'Your new password is the same as your current one. Choose a different one.',
      breached:
        'This password appears in known data breaches, so others may try it. Choose another one.',
    },
  },
} as const;
