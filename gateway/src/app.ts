import { portalApi } from '@portal/contract';
import { initServer } from '@ts-rest/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { registerContract } from './contract-router';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
import { faviconPlugin } from './plugins/favicon';
import { healthPlugin } from './plugins/health';
import { loggingOptions, requestLogPlugin } from './plugins/logging';
import { maintenancePlugin } from './plugins/maintenance';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { upstreamPlugin } from './plugins/upstream';
import { webPlugin } from './plugins/web';
import { authRoutes } from './routes/auth';
import { authorizePlugin } from './routes/authorize';
import { configRoutes } from './routes/config';
import { fuzzionRoutes } from './routes/fuzzion';
import { grantsRoutes } from './routes/grants';
import { mfaRoutes } from './routes/mfa';
import { onboardingRoutes } from './routes/onboarding';
import { partnerRoutes } from './routes/partner';
import { profileRoutes } from './routes/profile';
import { sessionsRoutes } from './routes/sessions';

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: DestinationStream;
}

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, options.logStream),
    trustProxy: config.TRUST_PROXY,
  });
  await app.register(requestLogPlugin);
  await app.register(securityPlugin, { config });

  await app.register(sessionPlugin);
  await app.register(upstreamPlugin, { config });
  await app.register(maintenancePlugin, { config });
  await app.register(csrfPlugin);
  await app.register(rateLimitPlugin, { config });

  await app.register(errorsPlugin);
  await app.register(healthPlugin, { config });
  await app.register(faviconPlugin);
  await app.register(openApiPlugin, { config });

  // ts-rest checks that the implementations fit the contract (types only);
  // registerContract puts them on Fastify with the contract enforced both ways.
  const router = initServer().router(portalApi, {
    auth: authRoutes,
    mfa: mfaRoutes,
    profile: profileRoutes,
    sessions: sessionsRoutes,
    grants: grantsRoutes,
    onboarding: onboardingRoutes,
    fuzzion: fuzzionRoutes,
    partner: partnerRoutes,
    config: configRoutes(config),
  });
  registerContract(app, portalApi, router);
  await app.register(authorizePlugin);
  if (config.WEB_DIST) await app.register(webPlugin, { root: config.WEB_DIST });
  return app;
}
