import type { PortalConfig } from '@portal/contract';
import { StrictMode } from 'react';
import { App } from './app/App';
import MaintenanceScreen from './features/maintenance/MaintenanceScreen';
import { useEarlyActions } from './lib/early-actions';

/**
 * The tree of a server-drawn page, the same on both sides: the app, or in
 * maintenance its trilingual screen alone. `location` on the server only.
 */
export function Page({ config, location }: { config: PortalConfig; location?: string }) {
  // After every effect of the page below: what was done before the script is done now.
  useEarlyActions();
  if (config.maintenance) {
    return (
      <main id="main" className="main">
        <MaintenanceScreen />
      </main>
    );
  }
  return (
    <StrictMode>
      <App location={location} />
    </StrictMode>
  );
}
