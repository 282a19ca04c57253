import type { Messages } from '../en/index';

export const mfa: Messages['mfa'] = {
  methods: {
    title: 'Bestätigen Sie, dass Sie es sind',
    intro: 'Wählen Sie, wie Sie Ihren Bestätigungscode erhalten möchten.',
    introStepUp:
      'Diese Seite schützt sensible Einstellungen. Bestätigen Sie, dass Sie es sind, um fortzufahren.',
    introFuzzion:
      'Wählen Sie, wohin wir einen Code senden, um zu beweisen, dass das andere Konto Ihnen gehört.',
    email: 'Per E-Mail an {{target}}',
    sms: 'Per SMS an {{target}}',
    totp: 'Mit meiner Authenticator-App',
    totpRecovery: 'Mit einem Wiederherstellungsschlüssel',
    card: 'Mit meiner Karte',
    support: 'Kein Zugriff auf eine dieser Möglichkeiten? Wenden Sie sich an unseren Kundendienst.',
    none: 'Für dieses Konto gibt es keine Möglichkeit zu bestätigen, dass Sie es sind. Bitte wenden Sie sich an unseren Kundendienst.',
    expired: 'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
    backToLogin: 'Zurück zur Anmeldung',
    row: {
      email: 'E-Mail',
      sms: 'SMS',
      totp: 'Authenticator-App',
      totpRecovery: 'Wiederherstellungsschlüssel',
      card: 'Karte',
    },
    rowText: {
      totp: 'Der 6-stellige Code, den die App anzeigt',
      totpRecovery: 'Einer der Schlüssel, die Sie gespeichert haben',
      card: 'Ihre Kartennummer und ein Code',
    },
  },
  code: {
    title: {
      email: 'Prüfen Sie Ihre E-Mails',
      sms: 'Prüfen Sie Ihr Telefon',
      totp: 'Öffnen Sie Ihre Authenticator-App',
      totpRecovery: 'Verwenden Sie einen Wiederherstellungsschlüssel',
      card: 'Mit Ihrer Karte bestätigen',
    },
    text: {
      email: 'Wir haben einen 8-stelligen Code an {{target}} gesendet. Geben Sie ihn unten ein.',
      sms: 'Wir haben einen 8-stelligen Code per SMS an {{target}} gesendet. Geben Sie ihn unten ein.',
      totp: 'Geben Sie den 6-stelligen Code ein, den Ihre Authenticator-App gerade anzeigt.',
      totpRecovery:
        'Geben Sie einen der Wiederherstellungsschlüssel ein, die Sie beim Einrichten Ihrer Authenticator-App gespeichert haben. Jeder Schlüssel funktioniert nur einmal.',
      card: 'Wir haben einen 8-stelligen Code an {{target}} gesendet. Geben Sie ihn mit Ihrer Kartennummer ein.',
    },
    recoveryKey: 'Wiederherstellungsschlüssel',
    trustDevice: 'Diesem Gerät vertrauen: 30 Tage lang wird hier kein Code verlangt',
    submit: 'Bestätigen',
    changeMethod: 'Eine andere Methode verwenden',
    cancel: 'Abbrechen',
    back: 'Zurück',
    invalid: 'Ihr Code ist ungültig, versuchen Sie es erneut.',
    spent: 'Diese Prüfung ist abgelaufen. Bitte beginnen Sie erneut.',
    paused_one:
      'Zu viele falsche Codes für dieses Konto. Die Bestätigung in zwei Schritten ist für {{count}} Minute pausiert; wir haben Ihnen dazu eine E-Mail gesendet.',
    paused_other:
      'Zu viele falsche Codes für dieses Konto. Die Bestätigung in zwei Schritten ist für {{count}} Minuten pausiert; wir haben Ihnen dazu eine E-Mail gesendet.',
  },
  card: {
    number: 'Kartennummer',
    invalidNumber: 'Ihre Kartennummer ist ungültig.',
    invalid: 'Der Code ist ungültig.',
  },
  totpRecovery: {
    title: 'Sie haben einen Wiederherstellungsschlüssel verwendet',
    left_one: 'Sie haben noch {{count}} unbenutzten Wiederherstellungsschlüssel.',
    left_other: 'Sie haben noch {{count}} unbenutzte Wiederherstellungsschlüssel.',
    none: 'Sie haben keine Wiederherstellungsschlüssel mehr.',
    resetText:
      'Authenticator-App verloren? Setzen Sie sie zurück: Sie richten eine neue ein und die alte funktioniert nicht mehr.',
    reset: 'Meine Authenticator-App zurücksetzen',
    skip: 'Nicht jetzt',
    regenerateText:
      'Erstellen Sie jetzt neue Wiederherstellungsschlüssel, damit Sie sich auch ohne Ihre Authenticator-App anmelden können.',
    regenerate: 'Neue Wiederherstellungsschlüssel erstellen',
    done: 'Weiter',
  },
};
