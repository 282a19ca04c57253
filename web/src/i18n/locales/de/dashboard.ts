import type { Messages } from '../en/index';

export const dashboard: Messages['dashboard'] = {
  welcome: 'Willkommen, {{firstname}}',
  intro: 'Wohin möchten Sie heute?',
  services: 'Ihre Dienste',
  none: 'Mit Ihrem Konto ist noch kein Dienst verknüpft.',
  open: '{{platform}} öffnen',
  leaving: 'Wir bringen Sie zu der Website, die Ihre Anmeldung angefordert hat…',
  refused:
    'Wir haben die angeforderte Website nicht geöffnet: Sie gehört nicht zu unseren Partnern.',
  checkup: {
    title: 'Sicherheitscheck',
    protected: 'Ihr Konto ist geschützt',
    protectedText: 'Die Zwei-Schritt-Verifizierung ist aktiv und Ihre Kontaktdaten sind bestätigt.',
    unknown: 'Ihre Sicherheitseinstellungen konnten gerade nicht geprüft werden.',
    recommendations_one: '{{count}} Empfehlung zum Schutz Ihres Kontos',
    recommendations_other: '{{count}} Empfehlungen zum Schutz Ihres Kontos',
    mfaOff: 'Zwei-Schritt-Verifizierung aktivieren',
    mfaOffText:
      'Ein Code bei jeder neuen Anmeldung schützt Ihr Konto, auch wenn jemand Ihr Passwort kennt.',
    mfaOffAction: 'Aktivieren',
    noRecoveryKeys: 'Keine Wiederherstellungsschlüssel mehr',
    noRecoveryKeysText:
      'Ohne Schlüssel können Sie sich nicht mehr anmelden, wenn Sie das Telefon mit Ihrer Authenticator-App verlieren.',
    noRecoveryKeysAction: 'Neue Schlüssel erstellen',
    unconfirmedEmail: 'Bestätigen Sie Ihre E-Mail-Adresse {{value}}',
    unconfirmedPhone: 'Bestätigen Sie Ihre Telefonnummer {{value}}',
    unconfirmedText: 'Codes und Warnungen senden wir nur an bestätigte Kontaktdaten.',
    unconfirmedAction: 'Bestätigen',
    oldPassword: 'Ändern Sie Ihr Passwort',
    oldPasswordText: 'Es wurde seit dem {{date}} nicht geändert.',
    oldPasswordAction: 'Passwort ändern',
    seeSecurity: 'Alle Sicherheitseinstellungen ansehen',
  },
  platforms: {
    client: 'Kundenbereich',
    clientText: 'Bestellungen, Rechnungen und die Vorteile Ihres Unternehmens.',
    voucher: 'Meine Gutscheine',
    voucherText: 'Ihr Guthaben, Ihre Karten und Ihre Transaktionen.',
    partner: 'Partnerbereich',
    partnerText: 'Ihr Geschäft, seine Zahlungen und Berichte.',
    deals: 'Angebote',
    dealsText: 'Rabatte unserer Partner in Ihrer Nähe.',
  },
};
