import type { Messages } from '../en/index';

export const mfa: Messages['mfa'] = {
  methods: {
    title: 'Confirmez qu’il s’agit bien de vous',
    intro: 'Choisissez comment recevoir votre code de vérification.',
    introStepUp:
      'Cette page protège des réglages sensibles. Confirmez qu’il s’agit bien de vous pour continuer.',
    introFuzzion: 'Choisissez où envoyer un code pour prouver que l’autre compte est le vôtre.',
    email: 'Par e-mail à {{target}}',
    sms: 'Par SMS au {{target}}',
    totp: 'Avec mon application d’authentification',
    totpRecovery: 'Avec une clé de récupération',
    card: 'Avec ma carte',
    support: 'Vous n’avez accès à aucune de ces options ? Contactez notre service clientèle.',
    none: 'Ce compte n’offre aucun moyen de confirmer votre identité. Veuillez contacter notre service clientèle.',
    expired: 'Cette connexion a expiré. Veuillez vous reconnecter.',
    backToLogin: 'Retour à la connexion',
    row: {
      email: 'E-mail',
      sms: 'SMS',
      totp: 'Application d’authentification',
      totpRecovery: 'Clé de récupération',
      card: 'Carte',
    },
    rowText: {
      totp: 'Le code à 6\u00a0chiffres affiché par l’application',
      totpRecovery: 'Une des clés que vous avez gardées',
      card: 'Votre numéro de carte et un code',
    },
  },
  code: {
    title: {
      email: 'Consultez vos e-mails',
      sms: 'Consultez votre téléphone',
      totp: 'Ouvrez votre application d’authentification',
      totpRecovery: 'Utilisez une clé de récupération',
      card: 'Confirmez avec votre carte',
    },
    text: {
      email: 'Nous avons envoyé un code de 8 chiffres à {{target}}. Saisissez-le ci-dessous.',
      sms: 'Nous avons envoyé un code de 8 chiffres par SMS au {{target}}. Saisissez-le ci-dessous.',
      totp: 'Saisissez le code de 6 chiffres qu’affiche maintenant votre application d’authentification.',
      totpRecovery:
        'Saisissez l’une des clés de récupération conservées lors de la configuration de votre application d’authentification. Chaque clé ne fonctionne qu’une fois.',
      card: 'Nous avons envoyé un code de 8 chiffres à {{target}}. Saisissez-le avec votre numéro de carte.',
    },
    recoveryKey: 'Clé de récupération',
    trustDevice:
      'Faire confiance à cet appareil : aucun code ne sera demandé sur celui-ci pendant 30 jours',
    submit: 'Confirmer',
    changeMethod: 'Utiliser une autre méthode',
    cancel: 'Annuler',
    back: 'Retour',
    invalid: 'Votre code n’est pas valide, réessayez.',
    spent: 'Cette vérification a expiré. Veuillez recommencer.',
    paused_one:
      'Trop de codes erronés pour ce compte. La vérification en deux étapes est suspendue pendant {{count}} minute ; nous vous avons envoyé un e-mail à ce sujet.',
    paused_other:
      'Trop de codes erronés pour ce compte. La vérification en deux étapes est suspendue pendant {{count}} minutes ; nous vous avons envoyé un e-mail à ce sujet.',
  },
  card: {
    number: 'Numéro de carte',
    invalidNumber: 'Votre numéro de carte n’est pas valide.',
    invalid: 'Le code n’est pas valide.',
  },
  totpRecovery: {
    title: 'Vous avez utilisé une clé de récupération',
    left_one: 'Il vous reste {{count}} clé de récupération inutilisée.',
    left_other: 'Il vous reste {{count}} clés de récupération inutilisées.',
    none: 'Il ne vous reste plus aucune clé de récupération.',
    resetText:
      'Vous avez perdu votre application d’authentification ? Réinitialisez-la : vous en configurez une nouvelle et l’ancienne cesse de fonctionner.',
    reset: 'Réinitialiser mon application d’authentification',
    skip: 'Pas maintenant',
    regenerateText:
      'Créez dès maintenant de nouvelles clés de récupération, pour pouvoir vous connecter même si vous perdez votre application d’authentification.',
    regenerate: 'Créer de nouvelles clés de récupération',
    done: 'Continuer',
  },
};
