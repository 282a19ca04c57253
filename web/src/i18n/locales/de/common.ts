import type { Messages } from '../en/index';

export const common: Messages['common'] = {
  app: {
    name: 'Mein Konto',
    skipToContent: 'Zum Inhalt springen',
    loading: 'Wird geladen…',
    language: 'Sprache',
  },
  nav: {
    dashboard: 'Übersicht',
    profile: 'Profil',
    security: 'Sicherheit',
    access: 'Zugriff',
    notifications: 'Benachrichtigungen',
    logout: 'Abmelden',
    login: 'Anmelden',
  },
  logout: {
    failed: 'Etwas ist schiefgelaufen. Abmelden nicht möglich.',
  },
};
