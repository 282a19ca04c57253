import type { Messages } from '../en/index';

export const common: Messages['common'] = {
  device: {
    computer: 'Ordinateur {{os}}',
    phone: 'Téléphone {{os}}',
    tablet: 'Tablette {{os}}',
  },
  app: {
    name: 'Mon compte',
    skipToContent: 'Aller au contenu',
    loading: 'Chargement…',
    language: 'Langue',
    menu: 'Menu',
    account: 'Compte : {{name}}',
    close: 'Fermer',
  },
  nav: {
    label: 'Menu du compte',
    dashboard: 'Tableau de bord',
    profile: 'Profil',
    security: 'Sécurité',
    access: 'Accès',
    notifications: 'Notifications',
    logout: 'Se déconnecter',
    login: 'Se connecter',
  },
  logout: {
    failed: 'Un problème est survenu. Impossible de se déconnecter.',
  },
  languageOffer: {
    text: 'Vous avez choisi <lang>{{name}}</lang>. Utiliser désormais <lang>{{name}}</lang> pour votre compte ?',
    use: 'Utiliser <lang>{{name}}</lang>',
    keep: 'Garder <lang>{{name}}</lang>',
    saved: 'Votre compte utilise désormais {{name}}.',
  },
  actions: {
    continue: 'Continuer',
    confirm: 'Confirmer',
    back: 'Retour',
    cancel: 'Annuler',
    close: 'Fermer',
    tryAgain: 'Réessayer',
  },
  errors: {
    generic: 'Une erreur est survenue. Veuillez réessayer plus tard.',
    required: 'Ce champ est obligatoire.',
    invalid: 'Les informations fournies ne sont pas valides.',
    unauthenticated: 'Votre session a pris fin. Veuillez vous reconnecter.',
    sudoRequired: 'Veuillez confirmer votre identité pour continuer.',
    forbidden: 'Vous n’êtes pas autorisé à effectuer cette action.',
    reload: 'Cette page n’a pas pu envoyer votre demande. Veuillez la recharger et réessayer.',
    notFound: 'Ce que vous avez demandé n’existe plus.',
    expired: 'Ceci a expiré. Veuillez recommencer.',
    tooManySeconds_one: 'Trop de tentatives. Réessayez dans {{count}} seconde.',
    tooManySeconds_other: 'Trop de tentatives. Réessayez dans {{count}} secondes.',
    tooManyMinutes_one: 'Trop de tentatives. Réessayez dans {{count}} minute.',
    tooManyMinutes_other: 'Trop de tentatives. Réessayez dans {{count}} minutes.',
    weakPassword: 'Votre mot de passe est trop faible. Veuillez d’abord en choisir un nouveau.',
    tooLong: 'Cette demande est trop longue. Raccourcissez ce que vous avez saisi et réessayez.',
    maintenance:
      'La connexion est momentanément indisponible pour maintenance. Veuillez réessayer plus tard.',
  },
};
