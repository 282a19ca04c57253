import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import { captchaPlugin } from './plugins/captcha';
import { errorsPlugin } from './plugins/errors';
import { closingPlugin } from './plugins/health';
import { loggingOptions, requestIdPlugin } from './plugins/logging';
import { originPlugin } from './plugins/origin';
import { storePlugin } from './plugins/store';
import { upstreamPlugin } from './plugins/upstream';
import { apiScope } from './scopes/api';
import { pagesScope } from './scopes/pages';

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout when absent. */
  logStream?: DestinationStream;
  /** Serve HTTPS directly with this key and certificate (PEM); plain HTTP when absent. */
  https?: { key: string; cert: string };
}

/**
 * The gateway, as fastify/demo lays an app out: external plugins, then the
 * app's cross-cutting plugins, then the routes in two encapsulated scopes —
 * the /api boundary (every portal call) and the pages.
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

  await app.register(requestIdPlugin);
  await app.register(errorsPlugin);
  await app.register(closingPlugin);
  await app.register(originPlugin, { config });
  await app.register(upstreamPlugin, { config });
  await app.register(storePlugin, { config });
  await app.register(captchaPlugin, { config });

  await app.register(apiScope, { config });
  await app.register(pagesScope, { config });
  return app;
}
