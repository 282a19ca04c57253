import type { PortalConfig } from '@portal/contract';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { App } from './app/App';
import MaintenanceScreen from './features/maintenance/MaintenanceScreen';
import { Hydrated } from './lib/hydration';

/**
 * The tree of a server-drawn page, the same on both sides: the app, or in
 * maintenance its trilingual screen alone. `location` and `client` (the render's own query
 * client) on the server only.
 */
export function Page({
  config,
  location,
  client,
}: {
  config: PortalConfig;
  location?: string;
  client?: QueryClient;
}) {
  if (config.maintenance) {
    return (
      <main id="main" className="main">
        <MaintenanceScreen />
        <Hydrated />
      </main>
    );
  }
  return (
    <StrictMode>
      <App location={location} client={client} />
    </StrictMode>
  );
}
