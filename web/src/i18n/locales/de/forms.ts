import type { Messages } from '../en/index';

export const forms: Messages['forms'] = {
  breadcrumbs: {
    label: 'Brotkrümelnavigation',
    home: 'Startseite',
  },
  code: {
    label: 'Bestätigungscode',
    hint: '{{count}}-stelliger Code',
    invalid: 'Ihr Code ist ungültig, versuchen Sie es erneut.',
    resend: 'Neuen Code senden',
    resendIn: 'Sie können in {{count}} s einen neuen Code anfordern',
    resent: 'Ein neuer Code ist unterwegs.',
  },
  password: {
    label: 'Neues Passwort',
    confirm: 'Neues Passwort wiederholen',
    show: 'Passwort anzeigen',
    rulesTitle: 'Ihr Passwort braucht',
    met: 'erfüllt',
    unmet: 'offen',
    rules: {
      length: 'Insgesamt mindestens {{count}} Zeichen',
      letters: 'Buchstaben: mindestens {{count}}',
      numbers: 'Ziffern: mindestens {{count}}',
      special: 'Sonderzeichen (wie ! ? # oder %): mindestens {{count}}',
    },
    errors: {
      required: 'Ein Passwort ist erforderlich',
      mismatch: 'Die Passwörter stimmen nicht überein!',
      length: 'Nicht genug Zeichen',
      letters: 'Kein Buchstabe',
      numbers: 'Keine Ziffer',
      special: 'Keine Sonderzeichen',
      unchanged: 'Ihr neues Passwort ist dasselbe wie Ihr aktuelles. Wählen Sie ein anderes.',
      breached:
        'Dieses Passwort kommt in bekannten Datenlecks vor, andere könnten es also ausprobieren. Wählen Sie ein anderes.',
    },
  },
};
