import type { Messages } from '../en/index';

export const common: Messages['common'] = {
  device: {
    computer: '{{os}}-Computer',
    phone: '{{os}}-Telefon',
    tablet: '{{os}}-Tablet',
  },
  app: {
    name: 'Mein Konto',
    skipToContent: 'Zum Inhalt springen',
    loading: 'Wird geladen…',
    language: 'Sprache',
    menu: 'Menü',
    account: 'Konto: {{name}}',
    close: 'Schließen',
  },
  nav: {
    label: 'Kontomenü',
    dashboard: 'Übersicht',
    profile: 'Profil',
    security: 'Sicherheit',
    access: 'Zugriff',
    notifications: 'Benachrichtigungen',
    logout: 'Abmelden',
    login: 'Anmelden',
  },
  logout: {
    failed: 'Etwas ist schiefgelaufen. Abmelden nicht möglich.',
  },
  languageOffer: {
    text: 'Sie haben <lang>{{name}}</lang> gewählt. Ab jetzt <lang>{{name}}</lang> für Ihr Konto verwenden?',
    use: '<lang>{{name}}</lang> verwenden',
    keep: '<lang>{{name}}</lang> beibehalten',
    saved: 'Ihr Konto verwendet jetzt {{name}}.',
  },
  actions: {
    continue: 'Weiter',
    confirm: 'Bestätigen',
    back: 'Zurück',
    cancel: 'Abbrechen',
    close: 'Schließen',
    tryAgain: 'Erneut versuchen',
  },
  errors: {
    generic: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    required: 'Dieses Feld ist erforderlich.',
    invalid: 'Die angegebenen Informationen sind ungültig.',
    unauthenticated: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    sudoRequired: 'Bitte bestätigen Sie, dass Sie es sind, um fortzufahren.',
    forbidden: 'Sie dürfen diese Aktion nicht ausführen.',
    reload:
      'Diese Seite konnte Ihre Anfrage nicht senden. Bitte laden Sie sie neu und versuchen Sie es erneut.',
    notFound: 'Das Gesuchte existiert nicht mehr.',
    expired: 'Dies ist abgelaufen. Bitte beginnen Sie von vorn.',
    tooManySeconds_one: 'Zu viele Versuche. Versuchen Sie es in {{count}} Sekunde erneut.',
    tooManySeconds_other: 'Zu viele Versuche. Versuchen Sie es in {{count}} Sekunden erneut.',
    tooManyMinutes_one: 'Zu viele Versuche. Versuchen Sie es in {{count}} Minute erneut.',
    tooManyMinutes_other: 'Zu viele Versuche. Versuchen Sie es in {{count}} Minuten erneut.',
    weakPassword: 'Ihr Passwort ist zu schwach. Bitte wählen Sie zuerst ein neues.',
    mfaSetupRequired: 'Richten Sie zuerst die Zwei-Schritt-Verifizierung ein.',
    tooLong: 'Diese Anfrage ist zu lang. Kürzen Sie Ihre Eingabe und versuchen Sie es erneut.',
    maintenance:
      'Die Anmeldung ist wegen Wartungsarbeiten derzeit nicht möglich. Bitte versuchen Sie es später erneut.',
  },
};
