import type { Messages } from '../en/index';

export const signin: Messages['signin'] = {
  login: {
    titleDefault: 'Connectez-vous à votre compte',
    titleEmployee: 'Connectez-vous à votre espace employé',
    titleClient: 'Connectez-vous à votre espace client',
    email: 'Adresse e-mail',
    phone: 'Numéro de téléphone',
    password: 'Mot de passe',
    submit: 'Se connecter',
    withPhone: 'Se connecter avec votre numéro de téléphone',
    withEmail: 'Se connecter avec votre adresse e-mail',
    forgotPassword: 'Mot de passe oublié ?',
    forgotUsername: "Nom d'utilisateur oublié ?",
    createAccountTitle: 'Nouveau ici ?',
    createAccount: 'Créer un compte',
    errors: {
      invalid: "Nom d'utilisateur ou mot de passe invalide.",
      tooMany: 'Trop de tentatives. Veuillez réessayer plus tard.',
      server: 'Une erreur est survenue. Veuillez réessayer plus tard.',
      required: 'Ce champ est obligatoire.',
    },
  },
  dashboard: {
    welcome: 'Bienvenue, {{firstname}}',
    services: 'Vos services',
  },
};
