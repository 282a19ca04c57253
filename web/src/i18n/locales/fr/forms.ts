import type { Messages } from '../en/index';

export const forms: Messages['forms'] = {
  breadcrumbs: {
    label: 'Fil d’Ariane',
    home: 'Accueil',
  },
  code: {
    label: 'Code de vérification',
    hint: 'Code à {{count}}\u00a0chiffres',
    invalid: 'Votre code n’est pas valide, réessayez.',
    resend: 'Envoyer un nouveau code',
    resendIn: 'Vous pourrez demander un nouveau code dans {{count}} s',
    resent: 'Un nouveau code est en route.',
  },
  password: {
    label: 'Nouveau mot de passe',
    confirm: 'Répétez le nouveau mot de passe',
    show: 'Afficher le mot de passe',
    rulesTitle: 'Votre mot de passe doit contenir',
    met: 'fait',
    unmet: 'à faire',
    rules: {
      length: 'Au moins {{count}} caractères au total',
      letters: 'Lettres : au moins {{count}}',
      numbers: 'Chiffres : au moins {{count}}',
      special: 'Caractères spéciaux (comme ! ? # ou %) : au moins {{count}}',
    },
    errors: {
      required: 'Le mot de passe est obligatoire',
      mismatch: 'Les mots de passe ne correspondent pas !',
      length: 'Pas assez de caractères',
      letters: 'Aucune lettre',
      numbers: 'Aucun chiffre',
      special: 'Aucun caractère spécial',
      unchanged: 'Votre nouveau mot de passe est identique à l’actuel. Choisissez-en un autre.',
      breached:
        'Ce mot de passe figure dans des fuites de données connues : d’autres pourraient l’essayer. Choisissez-en un autre.',
    },
  },
};
