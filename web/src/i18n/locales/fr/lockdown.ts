import type { Messages } from '../en/index';

/** « Verrouiller mon compte » : l’action, le lien de l’e-mail, la vérification. */
export const lockdown: Messages['lockdown'] = {
  panel: {
    title: 'Verrouiller mon compte',
    text: 'Si quelqu’un d’autre utilise peut-être votre compte, verrouillez-le tout de suite. Vous choisirez un nouveau mot de passe pour vous reconnecter.',
    button: 'Verrouiller mon compte',
  },
  effects: {
    sessions: 'Tous les appareils et applications sont déconnectés, celui-ci aussi.',
    grants: 'Les applications perdent leur accès à votre compte.',
    devices:
      'Plus aucun appareil n’est de confiance : chaque connexion demande un code de vérification.',
    password:
      'Pour vous reconnecter, vous choisissez un nouveau mot de passe avec un code que nous vous envoyons.',
    review: 'Ensuite, vous vérifiez vos clés d’accès et vos méthodes de vérification.',
    told: 'Nous vous prévenons sur chaque adresse e-mail et numéro de téléphone vérifiés.',
  },
  confirm: {
    title: 'Verrouiller votre compte ?',
    text: 'Tous les appareils et applications sont déconnectés, celui-ci aussi, les applications perdent leur accès et plus aucun appareil n’est de confiance. Pour vous reconnecter, vous choisirez un nouveau mot de passe.',
    button: 'Verrouiller mon compte',
  },
  failed: 'Votre compte n’a pas pu être verrouillé. Réessayez.',
  link: {
    title: 'Verrouiller votre compte ?',
    intro:
      'Vous avez ouvert le lien de notre e-mail à propos d’une connexion que vous ne reconnaissez pas.',
    whose: 'Compte de {{name}} ({{login}})',
    whatHappens: 'Ce qui se passe',
    button: 'Verrouiller mon compte',
    cancel: 'Pas maintenant',
    refusedTitle: 'Ce lien ne peut verrouiller aucun compte',
    invalid:
      'Ce lien n’est pas valide. Ouvrez à nouveau le lien de l’e-mail, ou connectez-vous et verrouillez votre compte sous Sécurité.',
    used: 'Ce lien a déjà été utilisé : le compte est verrouillé. Choisissez un nouveau mot de passe pour vous reconnecter.',
    expired: 'Ce lien a expiré. Connectez-vous et verrouillez votre compte sous Sécurité.',
    gone: 'Cette page a expiré. Ouvrez à nouveau le lien de l’e-mail.',
    toLogin: 'Aller à la connexion',
    newPassword: 'Choisir un nouveau mot de passe',
  },
  done: {
    title: 'Votre compte est verrouillé',
    text: 'Tous les appareils et applications ont été déconnectés, les applications ont perdu leur accès et plus aucun appareil n’est de confiance. Nous vous avons prévenu sur chaque adresse e-mail et numéro de téléphone vérifiés.',
    next: 'Pour vous reconnecter, choisissez un nouveau mot de passe : nous envoyons un code à votre adresse e-mail ou à votre téléphone. Vérifiez ensuite vos clés d’accès et vos méthodes de vérification.',
    button: 'Choisir un nouveau mot de passe',
  },
  review: {
    title: 'Vérifiez vos clés d’accès et vos méthodes de vérification',
    intro:
      'Votre compte a été verrouillé. Retirez toute clé d’accès ou méthode de vérification que vous ne reconnaissez pas : quelqu’un d’autre l’a peut-être ajoutée.',
    passkeys: 'Clés d’accès',
    noPasskeys: 'Aucune clé d’accès.',
    methods: 'Méthodes de vérification',
    noMethods: 'Aucune méthode de vérification.',
    created: 'Ajoutée le {{date}}',
    remove: 'Retirer',
    removeNamed: 'Retirer {{name}}',
    removeTitle: 'Retirer {{name}} ?',
    removeText: 'Personne ne pourra plus s’en servir pour se connecter à votre compte.',
    removed: '{{name}} : retiré.',
    removeFailed: '{{name}} n’a pas pu être retiré. Réessayez.',
    looksRight: 'Tout est en ordre',
    confirmFailed: 'Votre vérification n’a pas pu être enregistrée. Réessayez.',
  },
};
