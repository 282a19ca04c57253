import type { PortalConfig } from '@portal/contract';
import { StrictMode } from 'react';
import { App } from './app/App';
import MaintenanceScreen from './features/maintenance/MaintenanceScreen';
import { EarlyActions } from './lib/early-actions';

/**
 * The tree of a server-drawn page, the same on both sides: the app, or in
 * maintenance its trilingual screen alone. `location` on the server only.
 */
export function Page({ config, location }: { config: PortalConfig; location?: string }) {
  if (config.maintenance) {
    return (
      <main id="main" className="main">
        <MaintenanceScreen />
        <EarlyActions />
      </main>
    );
  }
  return (
    <StrictMode>
      <App location={location} />
    </StrictMode>
  );
}
