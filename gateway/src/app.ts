import { randomUUID } from 'node:crypto';
import { portalApi, requestValidationError } from '@portal/contract';
import { initServer } from '@ts-rest/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { csrfPlugin } from './plugins/csrf';
import { errorsPlugin } from './plugins/errors';
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

const REQUEST_ID = /^[\w.-]{1,128}$/;

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.code',
          '*.access_token',
        ],
        censor: '[redacted]',
      },
    },
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(sessionPlugin);
  await app.register(upstreamPlugin, { config });
  await app.register(csrfPlugin);

  await app.register(errorsPlugin);
  app.get('/healthz', async () => ({ status: 'ok' }));

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
    config: configRoutes(config),
  });
  // In a scope of its own, so that ts-rest's error handler does not replace ours.
  await app.register(async (scope) => {
    s.registerRouter(portalApi, router, scope, {
      responseValidation: true,
      requestValidationErrorHandler: requestValidationError,
    });
  });
  await app.register(authorizePlugin);
  if (config.WEB_DIST) await app.register(webPlugin, { root: config.WEB_DIST });
  return app;
}
