import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { href, type RouteName, routeNameOf } from '../lib/routes';

type CrumbKey =
  | 'dashboard'
  | 'access'
  | 'profile'
  | 'editInfo'
  | 'editCredentials'
  | 'data'
  | 'deleteAccount'
  | 'security'
  | 'settings'
  | 'history'
  | 'recovery'
  | 'password'
  | 'passkeys'
  | 'trustedDevices'
  | 'notifications';

/** Each account route's trail below Home (docs/product.md part 2: Dashboard, History, Home, Security). */
const TRAILS: Partial<Record<RouteName, [RouteName, CrumbKey][]>> = {
  'user.dashboard': [['user.dashboard', 'dashboard']],
  'user.access': [['user.access', 'access']],
  'user.notifications': [['user.notifications', 'notifications']],
  profile: [['profile', 'profile']],
  'profile.edit-info': [
    ['profile', 'profile'],
    ['profile.edit-info', 'editInfo'],
  ],
  'profile.edit-credentials': [
    ['profile', 'profile'],
    ['profile.edit-credentials', 'editCredentials'],
  ],
  'profile.data': [
    ['profile', 'profile'],
    ['profile.data', 'data'],
  ],
  'profile.delete': [
    ['profile', 'profile'],
    ['profile.delete', 'deleteAccount'],
  ],
  security: [['security', 'security']],
  'security.history': [
    ['security', 'security'],
    ['security.history', 'history'],
  ],
  'security.mfa-edit': [
    ['security', 'security'],
    ['security.mfa-edit', 'settings'],
  ],
  'security.edit-recovery': [
    ['security', 'security'],
    ['security.edit-recovery', 'recovery'],
  ],
  'security.edit-password': [
    ['security', 'security'],
    ['security.edit-password', 'password'],
  ],
  'security.passkeys': [
    ['security', 'security'],
    ['security.passkeys', 'passkeys'],
  ],
  'security.trusted-devices': [
    ['security', 'security'],
    ['security.trusted-devices', 'trustedDevices'],
  ],
};

/** Home › section › page, from the route table; the last crumb is the current page. */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const location = useLocation();
  const route = routeNameOf(location.pathname);
  const trail = route ? TRAILS[route] : undefined;
  if (!trail) return null;
  return (
    <nav aria-label={t('forms.breadcrumbs.label')} className="breadcrumbs">
      <ol>
        <li>
          <Link to={href('home')}>{t('forms.breadcrumbs.home')}</Link>
        </li>
        {trail.map(([name, key], i) => (
          <li key={name}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{t(`forms.breadcrumbs.${key}`)}</span>
            ) : (
              <Link to={href(name)}>{t(`forms.breadcrumbs.${key}`)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
