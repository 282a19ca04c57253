export const common = {
  app: {
    name: 'My Account',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    language: 'Language',
  },
  nav: {
    dashboard: 'Dashboard',
    profile: 'Profile',
    security: 'Security',
    access: 'Access',
    notifications: 'Notifications',
    logout: 'Log out',
    login: 'Log in',
  },
  logout: {
    failed: 'Something went wrong. Unable to log out.',
  },
} as const;
