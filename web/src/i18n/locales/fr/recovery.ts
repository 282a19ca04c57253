import type { Messages } from '../en/index';

export const recovery: Messages['recovery'] = {
  forgotPassword: {
    title: 'Mot de passe oublié ?',
    intro:
      'Indiquez-nous comment vous vous connectez. Nous vous enverrons un code pour choisir un nouveau mot de passe.',
    byEmail: 'Avec mon adresse e-mail',
    byPhone: 'Avec mon numéro de téléphone',
    submit: 'Envoyez-moi un code',
    backToLogin: 'Retour à la connexion',
  },
  sent: {
    title: 'Consultez vos messages',
    email: 'Si un compte correspond, nous avons envoyé un code par e-mail à {{recipients}}.',
    sms: 'Si un compte correspond, nous avons envoyé un code par SMS au {{recipients}}.',
    byEmail: 'Recevoir plutôt le code par e-mail',
    bySms: 'Recevoir plutôt le code par SMS',
    resent: 'Un nouveau code est en route.',
    expired: 'Ce code a expiré. Demandez-en un nouveau.',
    submit: 'Continuer',
    restart: 'Recommencer',
    changeEmail: 'Utiliser une autre adresse e-mail',
    changePhone: 'Utiliser un autre numéro de téléphone',
  },
  reset: {
    title: 'Choisissez un nouveau mot de passe',
    intro: 'Nous vous connectons avec celui-ci tout de suite.',
    submit: 'Enregistrer et me connecter',
    missing: 'Cette réinitialisation a expiré ou est déjà terminée. Veuillez recommencer.',
    codeAgain: 'Votre code n’est plus valable. Demandez-en un nouveau.',
  },
  weak: {
    title: 'Choisissez un mot de passe plus sûr',
    submit: 'Enregistrer et continuer',
    intro: 'Choisissez un nouveau mot de passe pour accéder à votre compte.',
    breached:
      'Votre mot de passe actuel figure dans une liste de mots de passe divulgués lors de fuites de données ailleurs : d’autres personnes pourraient le connaître.',
    rules: 'Votre mot de passe actuel ne respecte plus nos règles de mot de passe.',
    notVerified:
      'Pour remplacer votre mot de passe, connectez-vous d’abord. Un nouveau vous sera demandé juste après.',
    login: 'Se connecter',
  },
  forgotUsername: {
    title: 'Nom d’utilisateur oublié ?',
    intro:
      'Nous pouvons retrouver le nom d’utilisateur de votre compte grâce à l’un de ces éléments.',
    byCard: 'Avec mon numéro de carte',
    byNrn: 'Avec mon numéro de registre national',
    cardNumber: 'Numéro de carte',
    cardHint: '16 chiffres, commençant par 5065.',
    nrn: 'Numéro de registre national',
    nrnHint: '11 chiffres, comme au dos de votre carte d’identité.',
    submit: 'Retrouver mon nom d’utilisateur',
    errors: {
      card: 'Votre numéro de carte n’est pas valide.',
      nrn: 'Le numéro de registre national n’est pas valide.',
    },
  },
  forgotUsernameResponse: {
    title: 'Votre nom d’utilisateur',
    found: 'Ces noms d’utilisateur appartiennent à votre compte :',
    none: 'Aucun nom d’utilisateur n’a été trouvé pour ce numéro de carte ou de registre national.',
    login: 'Se connecter',
    again: 'Réessayer',
    expired: 'Cette recherche a expiré. Veuillez rechercher à nouveau votre nom d’utilisateur.',
  },
};
