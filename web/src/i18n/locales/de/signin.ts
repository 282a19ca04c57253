import type { Messages } from '../en/index';

export const signin: Messages['signin'] = {
  login: {
    titleDefault: 'Melden Sie sich bei Ihrem Konto an',
    titleEmployee: 'Melden Sie sich in Ihrem Mitarbeiterbereich an',
    titleClient: 'Melden Sie sich in Ihrem Kundenbereich an',
    email: 'E-Mail-Adresse',
    phone: 'Telefonnummer',
    password: 'Passwort',
    submit: 'Anmelden',
    withPhone: 'Mit Ihrer Telefonnummer anmelden',
    withEmail: 'Mit Ihrer E-Mail-Adresse anmelden',
    forgotPassword: 'Passwort vergessen?',
    forgotUsername: 'Benutzernamen vergessen?',
    createAccountTitle: 'Neu hier?',
    createAccount: 'Konto erstellen',
    errors: {
      invalid: 'Ungültiger Benutzername/ungültiges Passwort.',
      tooMany: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
      server: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
      required: 'Dieses Feld ist erforderlich.',
    },
  },
  dashboard: {
    welcome: 'Willkommen, {{firstname}}',
    services: 'Ihre Dienste',
  },
};
