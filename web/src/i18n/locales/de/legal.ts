import type { Messages } from '../en/index';

export const legal: Messages['legal'] = {
  placeholder:
    'Platzhaltertext: {{provider}} ersetzt diese Seite vor dem Start des Portals durch seine eigenen Rechtstexte.',
  provider: 'Example Vouchers Belgien SA',
  updated: 'Fassung vom 1. Januar 2026',
  back: 'Zurück zum Portal',
  terms: {
    title: 'Allgemeine Geschäftsbedingungen',
    s1Title: 'Wer wir sind',
    s1Text:
      '{{provider}} gibt Essens-, Öko-, Geschenk- und Activ’-Gutscheine aus und betreibt dieses Portal, in dem Sie Ihr Konto und Ihre Karten verwalten.',
    s2Title: 'Ihre Gutscheine und Ihre Karte',
    s2Text:
      'Ihre Gutscheine bleiben für den auf jedem angegebenen Zeitraum gültig. Wenn Sie Ihre Karte verlieren, sperren Sie sie sofort in Ihrem Konto oder über den Kundendienst.',
    s3Title: 'Ihr Konto',
    s3Text:
      'Behalten Sie Ihr Passwort und Ihre Codes für sich. Sie sind für die Nutzung Ihres Kontos verantwortlich, bis Sie uns einen Missbrauch melden.',
    s4Title: 'Änderungen',
    s4Text:
      'Wir informieren Sie über jede Änderung dieser Bedingungen, bevor sie gilt. Wenn Sie nicht einverstanden sind, können Sie Ihr Konto jederzeit schließen.',
  },
  privacy: {
    title: 'Datenschutzerklärung',
    s1Title: 'Was wir speichern',
    s1Text:
      'Ihren Namen, Ihre E-Mail-Adressen und Telefonnummern, Ihre Gutscheine und deren Nutzung sowie die Geräte, mit denen Sie sich anmelden.',
    s2Title: 'Warum',
    s2Text:
      'Um Ihr Konto und Ihre Gutscheine zu führen, um Ihr Konto vor Missbrauch zu schützen und, nur wenn Sie zugestimmt haben, um Ihnen unsere Neuigkeiten und Angebote zu senden.',
    s3Title: 'Ihre Rechte',
    s3Text:
      'Sie können Ihre Daten jederzeit einsehen, berichtigen oder löschen und Ihre Einwilligung widerrufen, in Ihrem Konto oder schriftlich bei unserem Datenschutzbeauftragten.',
    s4Title: 'Wie lange',
    s4Text:
      'Wir speichern Ihre Daten, solange Ihr Konto besteht, danach nur so lange, wie das Gesetz es verlangt.',
  },
};
