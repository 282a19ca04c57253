import helmet from '@fastify/helmet';
import { portalApi, requestValidationError } from '@portal/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { codeBudgetsPlugin } from '../plugins/code-budgets';
import { csrf } from '../plugins/csrf';
import { notFound } from '../plugins/errors';
import { maintenance } from '../plugins/maintenance';
import { refuseMisdirected } from '../plugins/origin';
import { rateLimitPlugin } from '../plugins/rate-limit';
import { apiHelmet, hsts, noStore } from '../plugins/security';
import { browserCookies } from '../plugins/session';
import { weakLockdown, weakLockdownOnBody } from '../plugins/weak-lockdown';
import { authRoutes } from '../routes/auth';
import { configRoutes } from '../routes/config';
import { devicesRoutes, notificationsRoutes } from '../routes/devices';
import { fuzzionRoutes } from '../routes/fuzzion';
import { grantsRoutes } from '../routes/grants';
import { lockdownRoutes } from '../routes/lockdown';
import { mfaRoutes } from '../routes/mfa';
import { onboardingRoutes } from '../routes/onboarding';
import { onboardingFlowRoutes } from '../routes/onboarding-flow';
import { partnerRoutes } from '../routes/partner';
import { passkeysRoutes } from '../routes/passkeys';
import { profileRoutes } from '../routes/profile';
import { recoveryRoutes } from '../routes/recovery';
import { sessionsRoutes } from '../routes/sessions';
import { signInRoutes } from '../routes/sign-in';
import { yourDataRoutes } from '../routes/your-data';

/**
 * The /api boundary: every portal route, and the rules that hold for all of
 * them as hooks of this one encapsulated scope (so they apply to whatever
 * spelling of a path the router matched: `/%61pi/…` reaches the same route
 * and the same hooks). JSON answers get OWASP's REST header set and
 * `no-store`; maintenance, the CSRF rule, the session cookies' hygiene (a
 * malformed session cookie dropped, the device cookie set), the weak-password
 * lockdown and the rate limits run before any
 * route; an unknown `/api/…` path is a JSON 404 with the same headers.
 */
export const apiScope: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(helmet, apiHelmet);
  app.addHook('onRequest', noStore);
  app.addHook('onRequest', hsts);
  app.addHook('onRequest', refuseMisdirected);
  if (config.MAINTENANCE) app.addHook('onRequest', maintenance);
  app.addHook('onRequest', csrf);
  app.addHook('onRequest', browserCookies);
  app.addHook('onRequest', weakLockdown);
  app.addHook('preValidation', weakLockdownOnBody);
  await app.register(rateLimitPlugin, { config });
  await app.register(codeBudgetsPlugin, { config });

  const s = initServer();
  const router = s.router(portalApi, {
    auth: authRoutes,
    mfa: mfaRoutes,
    profile: profileRoutes,
    sessions: sessionsRoutes,
    grants: grantsRoutes,
    onboarding: onboardingRoutes,
    fuzzion: fuzzionRoutes,
    partner: partnerRoutes,
    passkeys: passkeysRoutes,
    devices: devicesRoutes,
    notifications: notificationsRoutes,
    config: configRoutes(config),
    signIn: signInRoutes,
    onboardingFlow: onboardingFlowRoutes,
    yourData: yourDataRoutes,
    recovery: recoveryRoutes,
    lockdown: lockdownRoutes,
  });
  s.registerRouter(portalApi, router, app, {
    logInitialization: false,
    jsonQuery: false,
    // What a route answers must match the portal contract: its output (unknown
    // keys stripped) is what is sent, so no undeclared field, a token say, reaches the browser.
    responseValidation: true,
    requestValidationErrorHandler: requestValidationError,
  });
  // The contract's paths carry `/api`; the 404s of that prefix answer here, with this scope's hooks.
  await app.register(
    async (prefixed) => {
      prefixed.setNotFoundHandler(notFound);
    },
    { prefix: '/api' },
  );
};
