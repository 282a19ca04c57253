import formbody from '@fastify/formbody';
import { accountApi, loggableUrl, requestValidationError } from '@portal/contract';
import { initServer } from '@ts-rest/fastify';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { type Clock, systemClock } from './clock';
import { passwordCheck } from './domain/breached';
import { runDeletions } from './domain/your-data';
import { authRoutes } from './routes/auth';
import { breachedRoutes } from './routes/breached';
import { devRoutes } from './routes/dev';
import { devicesRoutes, notificationsRoutes } from './routes/devices';
import { fuzzionRoutes } from './routes/fuzzion';
import { grantsRoutes } from './routes/grants';
import { lockdownRoutes } from './routes/lockdown';
import { mfaRoutes } from './routes/mfa';
import { onboardingRoutes } from './routes/onboarding';
import { partnerRoutes } from './routes/partner';
import { passkeysRoutes } from './routes/passkeys';
import { profileRoutes } from './routes/profile';
import { sessionsRoutes } from './routes/sessions';
import { yourDataRoutes } from './routes/your-data';
import { enforceScopes } from './scopes';
import { createStore, type Region, type Store } from './store';

/** For other packages' tests: the demo authenticator's code, as the user's phone shows it. */
export { totpCode } from './domain/mfa-codes';
export { DEMO_TOTP_SECRET } from './seed';
/** For other packages' tests: a signed-in session without going through sign-in. */
export { findAccountByLogin, issueToken } from './store';

export interface MockOptions {
  region: Region;
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go when `logger` is on (tests read them); stdout when absent. */
  logStream?: { write(line: string): void };
  /**
   * Pwned Passwords range API base for the breached-password check
   * (`BREACHED_PASSWORDS_URL`); absent: the bundled list, looked up in process.
   */
  breachedPasswordsUrl?: string;
  /** The portal's origin, for links in e-mails (`PORTAL_URL`). */
  portalUrl?: string;
}

export interface MockApp {
  app: FastifyInstance;
  store: Store;
}

/**
 * Like the gateway's: a request is logged by method and URL, the URL's secret
 * values (MFA payload, identity-provider state, codes, tokens) replaced;
 * never its headers or body.
 */
function loggerOptions(stream: MockOptions['logStream']) {
  return {
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/** Builds the mock account API of one region; its state lives in `store`. */
export function buildMockUpstream(options: MockOptions): MockApp {
  const app = Fastify({ logger: options.logger ? loggerOptions(options.logStream) : false });
  const store = createStore(options.region, options.clock ?? systemClock(), options.portalUrl);
  const passwords = passwordCheck(options.breachedPasswordsUrl ?? null, app.log);
  // OAuth clients send the code exchange form-encoded (RFC 6749 section 4.1.3).
  app.register(formbody);
  // Deletions under way move on with the clock (a reminder, then the deletion) before any call.
  app.addHook('onRequest', async () => runDeletions(store));

  const s = initServer();
  const router = s.router(accountApi, {
    auth: authRoutes(store),
    mfa: mfaRoutes(store),
    profile: profileRoutes(store, passwords),
    sessions: sessionsRoutes(store),
    grants: grantsRoutes(store),
    onboarding: onboardingRoutes(store, passwords),
    fuzzion: fuzzionRoutes(store),
    partner: partnerRoutes(store),
    passkeys: passkeysRoutes(store),
    devices: devicesRoutes(store),
    notifications: notificationsRoutes(store),
    yourData: yourDataRoutes(store),
    lockdown: lockdownRoutes(store),
  });
  // In a scope of its own, so that ts-rest's error handler does not replace ours.
  app.register(async (scope) => {
    // Every route's token is held to its need, from one table (`scopes.ts`).
    scope.addHook('onRequest', enforceScopes(store));
    s.registerRouter(accountApi, router, scope, {
      responseValidation: true,
      requestValidationErrorHandler: requestValidationError,
    });
  });
  app.register(devRoutes(store), { prefix: '/__dev' });
  app.register(breachedRoutes, { prefix: '/pwned-passwords' });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'not_found', message: `No route ${request.method} ${request.url}` });
  });
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'mock upstream failure');
    return reply.status(status).send({
      code: status === 500 ? 'internal' : 'bad_request',
      message: status === 500 ? 'Internal error' : error.message,
    });
  });
  return { app, store };
}
