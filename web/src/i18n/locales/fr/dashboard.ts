import type { Messages } from '../en/index';

export const dashboard: Messages['dashboard'] = {
  welcome: 'Bienvenue, {{firstname}}',
  intro: "Où souhaitez-vous aller aujourd'hui ?",
  services: 'Vos services',
  none: "Aucun service n'est encore lié à votre compte.",
  open: 'Ouvrir {{platform}}',
  leaving: 'Nous vous emmenons vers le site qui a demandé votre connexion…',
  refused: "Nous n'avons pas ouvert le site demandé : il ne fait pas partie de nos partenaires.",
  platforms: {
    client: 'Espace client',
    clientText: 'Commandes, factures et avantages de votre entreprise.',
    voucher: 'Mes chèques',
    voucherText: 'Votre solde, vos cartes et vos transactions.',
    partner: 'Espace partenaire',
    partnerText: 'Votre commerce, ses paiements et ses rapports.',
    deals: 'Bons plans',
    dealsText: 'Les réductions de nos partenaires près de chez vous.',
  },
};
