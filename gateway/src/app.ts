import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { buildManagement } from './management';
import { captchaPlugin } from './plugins/captcha';
import { deviceKeyPlugin } from './plugins/device-key';
import { errorReportingPlugin } from './plugins/error-reporting';
import { errorsPlugin } from './plugins/errors';
import { closingPlugin } from './plugins/health';
import { loggingOptions, requestIdPlugin } from './plugins/logging';
import { metricsPlugin } from './plugins/metrics';
import { originPlugin } from './plugins/origin';
import { proxyWarningPlugin } from './plugins/proxy';
import { readSessionState } from './plugins/session';
import { storePlugin } from './plugins/store';
import { createTracing, tracingPlugin } from './plugins/tracing';
import { upstreamPlugin } from './plugins/upstream';
import { apiScope } from './scopes/api';
import { pagesScope } from './scopes/pages';
import { securityEventsPlugin } from './security-events';

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: DestinationStream;
  /** Serve HTTPS directly with this key and certificate (PEM); plain HTTP when absent. */
  https?: { key: string; cert: string };
}

/**
 * The gateway, as fastify/demo lays an app out: external plugins, then the
 * app's cross-cutting plugins, then the routes in two encapsulated scopes —
 * the /api boundary (every portal call) and the pages. Its management app
 * (metrics, probes) is `app.management`, listened on apart (`server.ts`).
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, options.logStream),
    trustProxy: config.TRUST_PROXY,
    ...(options.https ? { https: options.https } : {}),
  }) as unknown as FastifyInstance;
  await app.register(cookie);
  await app.register(deviceKeyPlugin, { config });

  const tracing = await createTracing(config, app.log);
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);
  await app.register(tracingPlugin, { tracing });
  await app.register(errorReportingPlugin, { config });
  await app.register(errorsPlugin);
  await app.register(closingPlugin);
  await app.register(proxyWarningPlugin, { config });
  await app.register(originPlugin, { config });
  await app.register(upstreamPlugin, { config, tracing });
  await app.register(storePlugin, { config, lookup: readSessionState });
  await app.register(captchaPlugin, { config });
  await app.register(securityEventsPlugin, { config });

  await app.register(apiScope, { config });
  await app.register(pagesScope, { config });
  await buildManagement(app, config);
  return app;
}
