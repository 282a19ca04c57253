import type { Messages } from '../en/index';

/** „Mein Konto sperren“: die Aktion, der Link der E-Mail, die Prüfung. */
export const lockdown: Messages['lockdown'] = {
  panel: {
    title: 'Mein Konto sperren',
    text: 'Wenn jemand anderes Ihr Konto benutzen könnte, sperren Sie es sofort. Um sich wieder anzumelden, wählen Sie ein neues Passwort.',
    button: 'Mein Konto sperren',
  },
  effects: {
    sessions: 'Alle Geräte und Apps werden abgemeldet, auch dieses.',
    grants: 'Apps verlieren ihren Zugriff auf Ihr Konto.',
    devices:
      'Kein Gerät bleibt vertrauenswürdig: Jede Anmeldung fragt nach einem Bestätigungscode.',
    password:
      'Um sich wieder anzumelden, wählen Sie mit einem Code, den wir Ihnen senden, ein neues Passwort.',
    review: 'Danach prüfen Sie Ihre Passkeys und Verifizierungsmethoden.',
    told: 'Wir benachrichtigen Sie an jede bestätigte E-Mail-Adresse und Telefonnummer.',
  },
  confirm: {
    title: 'Ihr Konto sperren?',
    text: 'Alle Geräte und Apps werden abgemeldet, auch dieses, Apps verlieren ihren Zugriff und kein Gerät bleibt vertrauenswürdig. Um sich wieder anzumelden, wählen Sie ein neues Passwort.',
    button: 'Mein Konto sperren',
  },
  failed: 'Ihr Konto konnte nicht gesperrt werden. Versuchen Sie es erneut.',
  link: {
    title: 'Ihr Konto sperren?',
    intro:
      'Sie haben den Link unserer E-Mail zu einer Anmeldung geöffnet, die Sie nicht erkannt haben.',
    whose: 'Konto von {{name}} ({{login}})',
    whatHappens: 'Was geschieht',
    button: 'Mein Konto sperren',
    cancel: 'Jetzt nicht',
    refusedTitle: 'Dieser Link kann kein Konto sperren',
    invalid:
      'Dieser Link ist ungültig. Öffnen Sie den Link der E-Mail erneut, oder melden Sie sich an und sperren Sie Ihr Konto unter Sicherheit.',
    used: 'Dieser Link wurde bereits verwendet: Das Konto ist gesperrt. Wählen Sie ein neues Passwort, um sich wieder anzumelden.',
    expired:
      'Dieser Link ist abgelaufen. Melden Sie sich an und sperren Sie Ihr Konto unter Sicherheit.',
    gone: 'Diese Seite ist abgelaufen. Öffnen Sie den Link der E-Mail erneut.',
    toLogin: 'Zur Anmeldung',
    newPassword: 'Ein neues Passwort wählen',
  },
  done: {
    title: 'Ihr Konto ist gesperrt',
    text: 'Alle Geräte und Apps wurden abgemeldet, Apps haben ihren Zugriff verloren und kein Gerät ist mehr vertrauenswürdig. Wir haben Sie an jede bestätigte E-Mail-Adresse und Telefonnummer benachrichtigt.',
    next: 'Um sich wieder anzumelden, wählen Sie ein neues Passwort: Wir senden einen Code an Ihre E-Mail-Adresse oder Ihr Telefon. Prüfen Sie danach Ihre Passkeys und Verifizierungsmethoden.',
    button: 'Ein neues Passwort wählen',
  },
  review: {
    title: 'Prüfen Sie Ihre Passkeys und Verifizierungsmethoden',
    intro:
      'Ihr Konto wurde gesperrt. Entfernen Sie jeden Passkey und jede Verifizierungsmethode, die Sie nicht erkennen: Jemand anderes könnte sie hinzugefügt haben.',
    passkeys: 'Passkeys',
    noPasskeys: 'Kein Passkey.',
    methods: 'Verifizierungsmethoden',
    noMethods: 'Keine Verifizierungsmethode.',
    created: 'Hinzugefügt am {{date}}',
    remove: 'Entfernen',
    removeNamed: '{{name}} entfernen',
    removeTitle: '{{name}} entfernen?',
    removeText: 'Damit kann sich niemand mehr bei Ihrem Konto anmelden.',
    removed: '{{name}} wurde entfernt.',
    removeFailed: '{{name}} konnte nicht entfernt werden. Versuchen Sie es erneut.',
    looksRight: 'Alles in Ordnung',
    confirmFailed: 'Ihre Prüfung konnte nicht gespeichert werden. Versuchen Sie es erneut.',
  },
};
