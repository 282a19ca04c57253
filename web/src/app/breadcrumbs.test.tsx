import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { Breadcrumbs, TRAILS } from '../components/Breadcrumbs';
import AccessScreen from '../features/access/AccessScreen';
import DashboardScreen from '../features/dashboard/DashboardScreen';
import PasskeysScreen from '../features/passkeys/PasskeysScreen';
import EditCredentialsScreen from '../features/profile/EditCredentialsScreen';
import EditInfoScreen from '../features/profile/EditInfoScreen';
import NotificationsScreen from '../features/profile/NotificationsScreen';
import ProfileScreen from '../features/profile/ProfileScreen';
import EditPasswordScreen from '../features/security/EditPasswordScreen';
import EditRecoveryScreen from '../features/security/EditRecoveryScreen';
import HistoryScreen from '../features/security/HistoryScreen';
import MfaEditScreen from '../features/security/MfaEditScreen';
import SecurityScreen from '../features/security/SecurityScreen';
import TrustedDevicesScreen from '../features/security/TrustedDevicesScreen';
import DeleteAccountScreen from '../features/your-data/DeleteAccountScreen';
import DownloadDataScreen from '../features/your-data/DownloadDataScreen';
import { type RouteName, routes } from '../lib/routes';
import { renderScreen } from '../test/render';
import { signedInAs } from '../test/session';
import { withRealStack } from '../test/stack';

const stack = withRealStack();

beforeAll(async () => {
  await stack().be.app.inject({ method: 'POST', url: '/__dev/reset' });
});

/** Every signed-in page with a trail, as the account layout shows it: the crumbs, then the page. */
const PAGES: [RouteName, ReactNode][] = [
  ['user.access', <AccessScreen key="a" />],
  ['user.notifications', <NotificationsScreen key="n" />],
  ['profile', <ProfileScreen key="p" />],
  ['profile.edit-info', <EditInfoScreen key="i" />],
  ['profile.edit-credentials', <EditCredentialsScreen key="c" />],
  ['profile.data', <DownloadDataScreen key="d" />],
  ['profile.delete', <DeleteAccountScreen key="x" />],
  ['security', <SecurityScreen key="s" />],
  ['security.history', <HistoryScreen key="h" />],
  ['security.mfa-edit', <MfaEditScreen key="m" />],
  ['security.edit-recovery', <EditRecoveryScreen key="r" />],
  ['security.edit-password', <EditPasswordScreen key="w" />],
  ['security.passkeys', <PasskeysScreen key="k" />],
  ['security.trusted-devices', <TrustedDevicesScreen key="t" />],
];

const withCrumbs = (page: ReactNode) => (
  <>
    <Breadcrumbs />
    {page}
  </>
);

describe('breadcrumbs say what the heading says', () => {
  it('covers every page that has a trail', () => {
    expect(PAGES.map(([name]) => name).sort()).toEqual(Object.keys(TRAILS).sort());
  });

  it.each(PAGES)('%s: the last crumb says what the page heading says', async (name, page) => {
    await signedInAs(stack());
    await renderScreen(routes[name], [{ path: routes[name], element: withCrumbs(page) }]);
    const heading = await screen.findByRole('heading', { level: 1 });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() =>
      expect(trail.querySelector('[aria-current="page"]')).toHaveTextContent(
        heading.textContent ?? '',
      ),
    );
    expect(trail.querySelector('[aria-current="page"]')?.textContent).toBe(heading.textContent);
  });

  it('the dashboard is Home: no trail of its own', async () => {
    await signedInAs(stack());
    await renderScreen(routes['user.dashboard'], [
      { path: routes['user.dashboard'], element: withCrumbs(<DashboardScreen />) },
    ]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).toBeNull();
  });
});
