import type { PortalConfig } from '@portal/contract';

/**
 * Error reporting in the browser (docs/product.md part 7 and 9; docs/operations.md
 * "Error reporting"): only when `/api/config` carries a DSN, and then Sentry's
 * SDK is loaded as its own chunk, after the first page, so a portal without
 * it pays nothing. Sample rates are the operator's (0 by default); trace
 * headers go only to the portal's own API, nothing of a replay is recorded,
 * and no user data is sent (a session's token never reaches JavaScript anyway).
 */
export function startErrorReporting(config: PortalConfig): void {
  const settings = config.errorReporting;
  if (!settings) return;
  const origin = window.location.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  void import('@sentry/browser').then((Sentry) => {
    Sentry.init({
      dsn: settings.dsn,
      environment: settings.environment,
      sampleRate: settings.sampleRate,
      tracesSampleRate: settings.tracesSampleRate,
      // The portal's own API only: relative calls, or this origin's /api/.
      tracePropagationTargets: [/^\/api\//, new RegExp(`^${origin}/api/`)],
      integrations: (defaults) =>
        settings.tracesSampleRate > 0
          ? [...defaults, Sentry.browserTracingIntegration()]
          : defaults,
    });
  });
}
