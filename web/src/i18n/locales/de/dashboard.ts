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
