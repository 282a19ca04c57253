import type { Messages } from '../en/index';

export const common: Messages['common'] = {
  app: {
    name: 'Mijn account',
    skipToContent: 'Naar de inhoud',
    loading: 'Laden…',
    language: 'Taal',
  },
  nav: {
    dashboard: 'Dashboard',
    profile: 'Profiel',
    security: 'Beveiliging',
    access: 'Toegang',
    notifications: 'Meldingen',
    logout: 'Afmelden',
    login: 'Aanmelden',
  },
  logout: {
    failed: 'Er is iets misgegaan. Afmelden is niet gelukt.',
  },
};
