import type { Messages } from '../en/index';

export const signin: Messages['signin'] = {
  login: {
    titleDefault: 'Meld je aan bij je account',
    titleEmployee: 'Meld je aan bij je werknemersomgeving',
    titleClient: 'Meld je aan bij je klantenzone',
    email: 'E-mailadres',
    phone: 'Telefoonnummer',
    password: 'Wachtwoord',
    submit: 'Aanmelden',
    withPhone: 'Aanmelden met je telefoonnummer',
    withEmail: 'Aanmelden met je e-mailadres',
    forgotPassword: 'Wachtwoord vergeten?',
    forgotUsername: 'Gebruikersnaam vergeten?',
    createAccountTitle: 'Nieuw hier?',
    createAccount: 'Account aanmaken',
    errors: {
      invalid: 'Ongeldige gebruikersnaam/wachtwoord.',
      tooMany: 'Te veel pogingen. Probeer het later opnieuw.',
      server: 'Er is een fout opgetreden. Probeer het later opnieuw.',
      required: 'Dit veld is verplicht.',
    },
  },
  dashboard: {
    welcome: 'Welkom, {{firstname}}',
    services: 'Je diensten',
  },
};
