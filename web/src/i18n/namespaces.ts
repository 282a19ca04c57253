import type { Namespace } from './i18n';

/** Every text namespace: what tests load at once (the app loads them screen by screen). */
export const ALL_NAMESPACES: readonly Namespace[] = [
  'common',
  'signin',
  'dashboard',
  'mfa',
  'recovery',
  'account',
  'flows',
  'passkeys',
  'titles',
  'legal',
  'devices',
  'forms',
  'data',
  'lockdown',
];
