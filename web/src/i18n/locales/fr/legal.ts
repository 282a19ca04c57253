import type { Messages } from '../en/index';

export const legal: Messages['legal'] = {
  placeholder:
    'Texte provisoire : {{provider}} remplace cette page par ses propres textes juridiques avant la mise en service du portail.',
  provider: 'Example Vouchers Belgique SA',
  updated: 'Version du 1er janvier 2026',
  back: 'Retour au portail',
  terms: {
    title: 'Conditions générales',
    s1Title: 'Qui nous sommes',
    s1Text:
      '{{provider}} émet des titres-repas, éco-chèques, chèques-cadeaux et chèques Activ’ et gère ce portail, où vous gérez votre compte et vos cartes.',
    s2Title: 'Vos titres et votre carte',
    s2Text:
      'Vos titres restent valables pendant la durée indiquée sur chacun d’eux. Si vous perdez votre carte, bloquez-la immédiatement depuis votre compte ou via le service clientèle.',
    s3Title: 'Votre compte',
    s3Text:
      'Gardez votre mot de passe et vos codes pour vous. Vous êtes responsable de l’usage de votre compte jusqu’à ce que vous nous signaliez un abus.',
    s4Title: 'Modifications',
    s4Text:
      'Nous vous informons de toute modification de ces conditions avant qu’elle s’applique. Si vous n’êtes pas d’accord, vous pouvez clôturer votre compte à tout moment.',
  },
  privacy: {
    title: 'Politique de confidentialité',
    s1Title: 'Ce que nous conservons',
    s1Text:
      'Votre nom, vos adresses e-mail et numéros de téléphone, vos titres et leur utilisation, ainsi que les appareils depuis lesquels vous vous connectez.',
    s2Title: 'Pourquoi',
    s2Text:
      'Pour gérer votre compte et vos titres, pour protéger votre compte contre les abus et, seulement si vous l’avez accepté, pour vous envoyer nos actualités et offres.',
    s3Title: 'Vos droits',
    s3Text:
      'Vous pouvez consulter, corriger ou supprimer vos données et retirer votre consentement à tout moment, depuis votre compte ou en écrivant à notre délégué à la protection des données.',
    s4Title: 'Combien de temps',
    s4Text:
      'Nous conservons vos données tant que votre compte existe, puis uniquement aussi longtemps que la loi l’exige.',
  },
};
