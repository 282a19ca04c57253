import type { Messages } from '../en/index';

export const forms: Messages['forms'] = {
  breadcrumbs: {
    label: 'Brotkrümelnavigation',
    home: 'Startseite',
    dashboard: 'Übersicht',
    access: 'Zugriff',
    profile: 'Profil',
    editInfo: 'Persönliche Angaben',
    editCredentials: 'Anmeldedaten',
    security: 'Sicherheit',
    settings: 'Einstellungen',
    devices: 'Geräte',
    history: 'Verlauf',
    recovery: 'Wiederherstellungsschlüssel',
    password: 'Passwort',
    passkeys: 'Passkeys',
    trustedDevices: 'Vertrauenswürdige Geräte',
  },
  code: {
    label: 'Bestätigungscode',
    hint: '{{count}} Zeichen, nur Buchstaben und Ziffern',
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
      breached:
        'Dieses Passwort kommt in bekannten Datenlecks vor, andere könnten es also ausprobieren. Wählen Sie ein anderes.',
    },
  },
};
