import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { href, type RouteName, routeNameOf } from '../lib/routes';

/**
 * A page's crumb says what its heading says: the crumb is the text key of
 * the page's `<h1>` (the same words, in every language). The dashboard is
 * Home, the first crumb of every trail: it has no trail of its own.
 */
type HeadingKey =
  | 'account.access.title'
  | 'account.profile.notifications'
  | 'account.profile.title'
  | 'account.editInfo.title'
  | 'account.contacts.title'
  | 'data.download.title'
  | 'data.delete.title'
  | 'account.security.title'
  | 'account.sessions.pageTitle'
  | 'account.security.twoStep'
  | 'account.recovery.title'
  | 'account.password.title'
  | 'passkeys.title'
  | 'devices.title';

const PROFILE: [RouteName, HeadingKey] = ['profile', 'account.profile.title'];
const SECURITY: [RouteName, HeadingKey] = ['security', 'account.security.title'];

/** Each account route's trail below Home (docs/product.md part 2: Dashboard, History, Home, Security). */
export const TRAILS: Partial<Record<RouteName, [RouteName, HeadingKey][]>> = {
  'user.access': [['user.access', 'account.access.title']],
  'user.notifications': [['user.notifications', 'account.profile.notifications']],
  profile: [PROFILE],
  'profile.edit-info': [PROFILE, ['profile.edit-info', 'account.editInfo.title']],
  'profile.edit-credentials': [PROFILE, ['profile.edit-credentials', 'account.contacts.title']],
  'profile.data': [PROFILE, ['profile.data', 'data.download.title']],
  'profile.delete': [PROFILE, ['profile.delete', 'data.delete.title']],
  security: [SECURITY],
  'security.history': [SECURITY, ['security.history', 'account.sessions.pageTitle']],
  'security.mfa-edit': [SECURITY, ['security.mfa-edit', 'account.security.twoStep']],
  'security.edit-recovery': [SECURITY, ['security.edit-recovery', 'account.recovery.title']],
  'security.edit-password': [SECURITY, ['security.edit-password', 'account.password.title']],
  'security.passkeys': [SECURITY, ['security.passkeys', 'passkeys.title']],
  'security.trusted-devices': [SECURITY, ['security.trusted-devices', 'devices.title']],
};

/** Home › section › page, from the route table; the last crumb is the current page. */
export function Breadcrumbs() {
  const { t, i18n } = useTranslation();
  // The headings' texts come with their screens: the trail is drawn when they arrive, never as keys.
  const [, setArrived] = useState(0);
  useEffect(() => {
    const arrived = () => setArrived((n) => n + 1);
    i18n.store.on('added', arrived);
    return () => i18n.store.off('added', arrived);
  }, [i18n]);
  const location = useLocation();
  const route = routeNameOf(location.pathname);
  const trail = route ? TRAILS[route] : undefined;
  if (!trail?.every(([, key]) => i18n.exists(key))) return null;
  return (
    <nav aria-label={t('forms.breadcrumbs.label')} className="breadcrumbs">
      <ol>
        <li>
          <Link to={href('home')}>{t('forms.breadcrumbs.home')}</Link>
        </li>
        {trail.map(([name, key], i) => (
          <li key={name}>
            {i === trail.length - 1 ? (
              <span aria-current="page">{t(key)}</span>
            ) : (
              <Link to={href(name)}>{t(key)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
