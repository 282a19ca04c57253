import helmet from '@fastify/helmet';
import { portalApi, requestValidationError } from '@portal/contract';
import type { AppRouter } from '@ts-rest/core';
import { initServer } from '@ts-rest/fastify';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { codeBudgetsPlugin } from '../plugins/code-budgets';
import { csrf } from '../plugins/csrf';
import { notFound } from '../plugins/errors';
import { forcedMfaLockdown, forcedMfaLockdownOnBody } from '../plugins/forced-mfa-lockdown';
import { maintenance } from '../plugins/maintenance';
import { refuseMisdirected } from '../plugins/origin';
import { rateLimitPlugin } from '../plugins/rate-limit';
import { apiHelmet, hsts, noStore } from '../plugins/security';
import { browserCookies } from '../plugins/session';
import { weakLockdown, weakLockdownOnBody } from '../plugins/weak-lockdown';
import { authRoutes } from '../routes/auth';
import { configRoutes } from '../routes/config';
import { devicesRoutes, notificationsRoutes } from '../routes/devices';
import { forcedMfaRoutes } from '../routes/forced-mfa';
import { grantsRoutes } from '../routes/grants';
import { lockdownLinkRoutes, lockdownRoutes } from '../routes/lockdown';
import { mergeRoutes } from '../routes/merge';
import { mfaRoutes } from '../routes/mfa';
import { onboardingFlowRoutes } from '../routes/onboarding-flow';
import { partnerRoutes } from '../routes/partner';
import { requireSession } from '../routes/pass-through';
import { passkeyCeremonyRoutes, passkeysRoutes } from '../routes/passkeys';
import { profileRoutes } from '../routes/profile';
import { recoveryRoutes } from '../routes/recovery';
import { sessionsRoutes } from '../routes/sessions';
import { signInRoutes } from '../routes/sign-in';
import { stepUpRoutes } from '../routes/step-up';
import { yourDataRoutes } from '../routes/your-data';

/** The routes of `router` that `routes` implements (a contract router split between the trees). */
function partOf<R extends AppRouter, K extends keyof R>(router: R, routes: Record<K, unknown>) {
  return Object.fromEntries(Object.keys(routes).map((key) => [key, router[key]])) as Pick<R, K>;
}

/**
 * The signed-in route tree: the account's own data and settings. Without a
 * session cookie, every route of it answers 401 `unauthenticated` before its
 * input is read and without an account-API call; a session the account API
 * no longer knows is its answer (401, the cookie cleared by the routes that
 * read the account). Every other route is public: a sign-in's, a journey's, a
 * link's, or one the account API answers for a session or none (the second
 * factors, the grants), as its contract says.
 */
const signedInRoutes = {
  profile: profileRoutes,
  sessions: sessionsRoutes,
  devices: devicesRoutes,
  notifications: notificationsRoutes,
  yourData: yourDataRoutes,
  passkeys: passkeysRoutes,
  lockdown: lockdownRoutes,
  stepUp: stepUpRoutes,
  forcedMfa: forcedMfaRoutes,
  merge: mergeRoutes,
};
export const signedInApi = {
  profile: portalApi.profile,
  sessions: portalApi.sessions,
  devices: portalApi.devices,
  notifications: portalApi.notifications,
  yourData: portalApi.yourData,
  passkeys: partOf(portalApi.passkeys, passkeysRoutes),
  lockdown: partOf(portalApi.lockdown, lockdownRoutes),
  stepUp: portalApi.stepUp,
  forcedMfa: portalApi.forcedMfa,
  merge: portalApi.merge,
};

const publicRoutes = (config: Config) => ({
  auth: authRoutes,
  mfa: mfaRoutes,
  grants: grantsRoutes,
  partner: partnerRoutes,
  passkeys: passkeyCeremonyRoutes,
  config: configRoutes(config),
  signIn: signInRoutes,
  onboardingFlow: onboardingFlowRoutes,
  recovery: recoveryRoutes,
  lockdown: lockdownLinkRoutes,
});
const publicApi = {
  auth: portalApi.auth,
  mfa: portalApi.mfa,
  grants: portalApi.grants,
  partner: portalApi.partner,
  passkeys: partOf(portalApi.passkeys, passkeyCeremonyRoutes),
  config: portalApi.config,
  signIn: portalApi.signIn,
  onboardingFlow: portalApi.onboardingFlow,
  recovery: portalApi.recovery,
  lockdown: partOf(portalApi.lockdown, lockdownLinkRoutes),
};

const routerOptions = {
  logInitialization: false,
  jsonQuery: false,
  // What a route answers must match the portal contract: its output (unknown
  // keys stripped) is what is sent, so no undeclared field, a token say, reaches the browser.
  responseValidation: true,
  requestValidationErrorHandler: requestValidationError,
};

/**
 * The /api boundary: every portal route, and the rules that hold for all of
 * them as hooks of this one encapsulated scope (so they apply to whatever
 * spelling of a path the router matched: `/%61pi/…` reaches the same route
 * and the same hooks). JSON answers get OWASP's REST header set and
 * `no-store`; maintenance, the CSRF rule, the session cookies' hygiene (a
 * malformed session cookie dropped, the device cookie set), the weak-password
 * and forced-second-factor lockdowns and the rate limits run before any
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
  app.addHook('onRequest', forcedMfaLockdown);
  app.addHook('preValidation', weakLockdownOnBody);
  app.addHook('preValidation', forcedMfaLockdownOnBody);
  await app.register(rateLimitPlugin, { config });
  await app.register(codeBudgetsPlugin, { config });

  const s = initServer();
  s.registerRouter(publicApi, publicRoutes(config), app, routerOptions);
  // The signed-in route tree: one hook requires the session, for every route of it.
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', requireSession);
    s.registerRouter(signedInApi, signedInRoutes, signedIn, routerOptions);
  });
  // The contract's paths carry `/api`; the 404s of that prefix answer here, with this scope's hooks.
  await app.register(
    async (prefixed) => {
      prefixed.setNotFoundHandler(notFound);
    },
    { prefix: '/api' },
  );
};
