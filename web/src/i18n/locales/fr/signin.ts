import type { Messages } from '../en/index';

export const signin: Messages['signin'] = {
  login: {
    titleDefault: 'Connectez-vous à votre compte',
    titleEmployee: 'Connectez-vous à votre espace employé',
    titleClient: 'Connectez-vous à votre espace client',
    titleAdministration: 'Connectez-vous à l’administration',
    partner: 'Connectez-vous pour continuer vers l’application qui vous a envoyé ici.',
    partnerNamed: 'Connectez-vous pour continuer vers {{name}}.',
    email: 'Adresse e-mail',
    phone: 'Numéro de téléphone',
    country: 'Indicatif du pays',
    password: 'Mot de passe',
    submit: 'Se connecter',
    withPhone: 'Se connecter avec votre numéro de téléphone',
    withEmail: 'Se connecter avec votre adresse e-mail',
    forgotPassword: 'Mot de passe oublié ?',
    forgotUsername: 'Nom d’utilisateur oublié ?',
    createAccountTitle: 'Nouveau ici ?',
    createAccountText: 'Créez votre compte avec votre carte ou votre code d’invitation.',
    createAccount: 'Créer un compte',
    errors: {
      invalid: 'Adresse e-mail ou mot de passe incorrect.',
      invalidPhone: 'Numéro de téléphone ou mot de passe incorrect.',
      attemptsLeft_one:
        'Encore un essai erroné et la connexion sera suspendue pendant 15\u00a0minutes.',
      attemptsLeft_other:
        'Encore {{count}}\u00a0essais erronés et la connexion sera suspendue pendant 15\u00a0minutes.',
      tooMany: 'Trop de tentatives. Veuillez réessayer plus tard.',
      required: 'Ce champ est obligatoire.',
      email: 'L’adresse e-mail fournie n’est pas valide.',
      phone: 'Le numéro de téléphone fourni n’est pas valide.',
    },
  },
  captcha: {
    label: 'Contrôle de sécurité',
    required: 'Veuillez effectuer le contrôle de sécurité.',
    errors: {
      server: 'Le contrôle de sécurité n’est pas disponible côté serveur.',
      window: 'Le contrôle de sécurité n’est pas disponible dans cette fenêtre.',
      notLoaded: 'Le contrôle de sécurité n’est pas encore chargé. Veuillez patienter un instant.',
      element: 'Le contrôle de sécurité n’a pas pu être affiché sur cette page.',
      script:
        'Le contrôle de sécurité n’a pas pu être chargé. Vérifiez votre connexion et réessayez.',
      verify: 'Le contrôle de sécurité n’a pas pu être vérifié. Veuillez réessayer plus tard.',
    },
  },
  hashLogin: {
    signInNoScript:
      'L’une de nos applications vous a envoyé ici pour vous connecter ? Activez JavaScript dans votre navigateur et ouvrez à nouveau le lien, ou connectez-vous ci-dessous.',
    noScript:
      'Cette page nécessite JavaScript. Si l’une de nos applications vous a envoyé ici pour vous connecter, activez JavaScript dans votre navigateur et ouvrez à nouveau le lien, ou connectez-vous avec votre adresse e-mail.',
    signingIn: 'Connexion en cours…',
    failed: 'Ce lien de connexion n’est plus valable. Veuillez vous connecter.',
    confirm: {
      title: 'Se connecter avec ce lien ?',
      incoming: 'Le lien que vous avez ouvert vous connecte en tant que {{name}} ({{login}}).',
      hint: 'Ne continuez que si vous l’avez ouvert vous-même, depuis l’une de nos applications.',
      continue: 'Continuer en tant que {{name}}',
      stayOut: 'Rester déconnecté',
    },
    otherAccount: {
      title: 'Ce lien concerne un autre compte',
      current: 'Vous êtes connecté en tant que {{name}} ({{login}}).',
      incoming: 'Le lien que vous avez ouvert connecte en tant que {{name}} ({{login}}).',
      question: 'Quel compte voulez-vous utiliser ?',
      keep: 'Rester connecté en tant que {{name}}',
      switch: 'Se connecter en tant que {{name}}',
    },
  },
};
