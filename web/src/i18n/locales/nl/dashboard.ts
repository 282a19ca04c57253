import type { Messages } from '../en/index';

export const dashboard: Messages['dashboard'] = {
  welcome: 'Welkom, {{firstname}}',
  intro: 'Waar wil je vandaag naartoe?',
  services: 'Je diensten',
  none: 'Er is nog geen dienst aan je account gekoppeld.',
  open: '{{platform}} openen',
  leaving: 'We brengen je naar de site die om je aanmelding vroeg…',
  refused: 'We hebben de gevraagde site niet geopend: het is geen van onze partners.',
  platforms: {
    client: 'Klantenzone',
    clientText: 'Bestellingen, facturen en de voordelen van je bedrijf.',
    voucher: 'Mijn cheques',
    voucherText: 'Je saldo, je kaarten en je transacties.',
    partner: 'Partnerzone',
    partnerText: 'Je zaak, de betalingen en de rapporten.',
    deals: 'Voordelen',
    dealsText: 'Kortingen van onze partners bij jou in de buurt.',
  },
};
