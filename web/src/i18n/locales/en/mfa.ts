/** Texts of MFA at sign-in and step-up: method choice, code, card, TOTP recovery. */
export const mfa = {
  methods: {
    title: 'Confirm it is you',
    intro: 'Choose how you want to receive your verification code.',
    introStepUp: 'This page protects sensitive settings. Confirm it is you to continue.',
    introFuzzion: 'Choose where to send a code to prove that the other account is yours.',
    email: 'By e-mail to {{target}}',
    sms: 'By text message to {{target}}',
    totp: 'With my authenticator app',
    totpRecovery: 'With a recovery key',
    card: 'With my card',
    support: 'No access to any of these? Contact our customer service.',
    none: 'There is no way to confirm it is you on this account. Please contact our customer service.',
    expired: 'This login has expired. Please log in again.',
    backToLogin: 'Back to log in',
    row: {
      email: 'E-mail',
      sms: 'Text message',
      totp: 'Authenticator app',
      totpRecovery: 'Recovery key',
      card: 'Card',
    },
    rowText: {
      totp: 'The 6-digit code the app shows',
      totpRecovery: 'One of the keys you saved',
      card: 'Your card number and a code',
    },
  },
  code: {
    title: {
      email: 'Check your e-mail',
      sms: 'Check your phone',
      totp: 'Open your authenticator app',
      totpRecovery: 'Use a recovery key',
      card: 'Confirm with your card',
    },
    text: {
      email: 'We sent an 8-digit code to {{target}}. Enter it below.',
      sms: 'We sent an 8-digit code by text message to {{target}}. Enter it below.',
      totp: 'Enter the 6-digit code your authenticator app shows now.',
      totpRecovery:
        'Enter one of the recovery keys you saved when you set up your authenticator app. Each key works once.',
      card: 'We sent an 8-digit code to {{target}}. Enter it with your card number.',
    },
    recoveryKey: 'Recovery key',
    trustDevice: 'Trust this device: no code will be asked on it for 30 days',
    submit: 'Confirm',
    changeMethod: 'Use another method',
    cancel: 'Cancel',
    back: 'Back',
    invalid: 'Your code is invalid, try again.',
    spent: 'This check has expired. Please start again.',
    paused_one:
      'Too many wrong codes for this account. Two-step verification is paused for {{count}} minute; we sent you an e-mail about it.',
    paused_other:
      'Too many wrong codes for this account. Two-step verification is paused for {{count}} minutes; we sent you an e-mail about it.',
  },
  card: {
    number: 'Card number',
    invalidNumber: 'Your card number is invalid.',
    invalid: 'The code is invalid.',
  },
  totpRecovery: {
    title: 'You used a recovery key',
    left_one: 'You have {{count}} unused recovery key left.',
    left_other: 'You have {{count}} unused recovery keys left.',
    none: 'You have no recovery keys left.',
    resetText:
      'Lost your authenticator app? Reset it: you set up a new one and the old one stops working.',
    reset: 'Reset my authenticator app',
    skip: 'Not now',
    regenerateText:
      'Make new recovery keys now, so that you can still log in if you lose your authenticator app.',
    regenerate: 'Make new recovery keys',
    done: 'Continue',
  },
} as const;
