import type { Messages } from '../en/index';

export const common: Messages['common'] = {
  app: {
    name: 'Mon compte',
    skipToContent: 'Aller au contenu',
    loading: 'Chargement…',
    language: 'Langue',
  },
  nav: {
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
};
