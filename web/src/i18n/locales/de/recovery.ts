import type { Messages } from '../en/index';

export const recovery: Messages['recovery'] = {
  forgotPassword: {
    title: 'Passwort vergessen?',
    intro:
      'Sagen Sie uns, wie Sie sich anmelden. Wir senden Ihnen einen Code, um ein neues Passwort zu wählen.',
    byEmail: 'Mit meiner E-Mail-Adresse',
    byPhone: 'Mit meiner Telefonnummer',
    submit: 'Code senden',
    backToLogin: 'Zurück zur Anmeldung',
  },
  sent: {
    title: 'Prüfen Sie Ihre Nachrichten',
    email: 'Wenn ein Konto passt, haben wir einen Code per E-Mail an {{recipients}} gesendet.',
    sms: 'Wenn ein Konto passt, haben wir einen Code per SMS an {{recipients}} gesendet.',
    byEmail: 'Code stattdessen per E-Mail senden',
    bySms: 'Code stattdessen per SMS senden',
    resent: 'Ein neuer Code ist unterwegs.',
    expired: 'Dieser Code ist abgelaufen. Fordern Sie einen neuen an.',
    submit: 'Weiter',
    restart: 'Neu beginnen',
    changeEmail: 'Andere E-Mail-Adresse verwenden',
    changePhone: 'Andere Telefonnummer verwenden',
  },
  reset: {
    title: 'Wählen Sie ein neues Passwort',
    intro: 'Sie werden damit sofort angemeldet.',
    submit: 'Speichern und anmelden',
    missing:
      'Diese Zurücksetzung ist abgelaufen oder bereits abgeschlossen. Bitte beginnen Sie neu.',
    codeAgain: 'Ihr Code ist nicht mehr gültig. Fordern Sie einen neuen an.',
  },
  weak: {
    title: 'Wählen Sie ein sichereres Passwort',
    submit: 'Speichern und weiter',
    intro: 'Wählen Sie ein neues Passwort, um zu Ihrem Konto zu gelangen.',
    breached:
      'Ihr aktuelles Passwort steht in einer Liste von Passwörtern, die anderswo bei Datenlecks offengelegt wurden: Andere könnten es kennen.',
    rules: 'Ihr aktuelles Passwort entspricht nicht mehr unseren Passwortregeln.',
    notVerified:
      'Um Ihr Passwort zu ersetzen, melden Sie sich zuerst an. Direkt danach werden Sie nach einem neuen gefragt.',
    login: 'Anmelden',
  },
  forgotUsername: {
    title: 'Benutzernamen vergessen?',
    intro: 'Mit einer dieser Angaben finden wir den Benutzernamen Ihres Kontos.',
    byCard: 'Mit meiner Kartennummer',
    byNrn: 'Mit meiner Nationalregisternummer',
    cardNumber: 'Kartennummer',
    cardHint: '16 Ziffern, beginnend mit 5065.',
    nrn: 'Nationalregisternummer',
    nrnHint: '11 Ziffern, wie auf der Rückseite Ihres Personalausweises.',
    submit: 'Meinen Benutzernamen finden',
    errors: {
      card: 'Ihre Kartennummer ist ungültig.',
      nrn: 'Die Nationalregisternummer ist ungültig.',
    },
  },
  forgotUsernameResponse: {
    title: 'Ihr Benutzername',
    found: 'Diese Benutzernamen gehören zu Ihrem Konto:',
    none: 'Für diese Kartennummer oder Nationalregisternummer wurde kein Benutzername gefunden.',
    login: 'Anmelden',
    again: 'Erneut versuchen',
    expired: 'Diese Suche ist abgelaufen. Bitte suchen Sie Ihren Benutzernamen erneut.',
  },
};
