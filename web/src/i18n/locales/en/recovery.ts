/** Texts of forgot password, reset password, weak password and forgot username. */
export const recovery = {
  forgotPassword: {
    title: 'Forgot your password?',
    intro: 'Tell us how you log in. We will send you a code to choose a new password.',
    byEmail: 'With my e-mail address',
    byPhone: 'With my phone number',
    submit: 'Send me a code',
    backToLogin: 'Back to log in',
  },
  sent: {
    title: 'Check your messages',
    email: 'If an account matches, we sent a code by e-mail to {{recipients}}.',
    sms: 'If an account matches, we sent a code by text message to {{recipients}}.',
    byEmail: 'Send the code by e-mail instead',
    bySms: 'Send the code by text message instead',
    resent: 'A new code is on its way.',
    submit: 'Continue',
    restart: 'Start again',
  },
  reset: {
    title: 'Choose a new password',
    submit: 'Save my new password',
    missing: 'This link is incomplete. Please ask for a new code.',
  },
  resetConfirmed: {
    title: 'Your password has been changed',
    text: 'You can now log in with your new password.',
    login: 'Log in',
  },
  weak: {
    title: 'Choose a stronger password',
    intro: 'Your password is too weak to keep your account safe. Choose a new one to continue.',
    submit: 'Save and continue',
    done: 'Your new password is saved.',
  },
  forgotUsername: {
    title: 'Forgot your username?',
    intro: 'We can find the username of your account with one of these.',
    byCard: 'With my card number',
    byNrn: 'With my national register number',
    cardNumber: 'Card number',
    cardHint: '16 digits, starting with 5065.',
    nrn: 'National register number',
    nrnHint: '11 digits, as on the back of your identity card.',
    submit: 'Find my username',
    errors: {
      card: 'Your card number is invalid.',
      nrn: 'The national register number is invalid.',
    },
  },
  forgotUsernameResponse: {
    title: 'Your username',
    found: 'These usernames belong to your account:',
    none: 'No username was found for this card number or national register number.',
    login: 'Log in',
    again: 'Try again',
  },
} as const;
