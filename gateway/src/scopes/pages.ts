import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { notFound } from '../plugins/errors';
import { faviconPlugin } from '../plugins/favicon';
import { healthRoutes } from '../plugins/health';
import { openApiPlugin } from '../plugins/openapi';
import { refuseMisdirected } from '../plugins/origin';
import { hsts, pageHelmet } from '../plugins/security';
import { webPlugin } from '../plugins/web';
import { wellKnownPlugin } from '../plugins/well-known';
import { authorizePlugin } from '../routes/authorize';

/**
 * Everything that is not a portal call: the web app, the partner's
 * `/authorize` entry, the API docs, favicons, robots.txt and security.txt,
 * and the health probes. Pages get helmet's full set with the strict CSP.
 */
export const pagesScope: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(helmet, pageHelmet(config));
  app.addHook('onRequest', refuseMisdirected);
  app.addHook('onRequest', hsts);
  await app.register(healthRoutes);
  await app.register(faviconPlugin);
  await app.register(wellKnownPlugin);
  await app.register(openApiPlugin);
  await app.register(authorizePlugin);
  if (config.WEB_DIST) await app.register(webPlugin, { root: config.WEB_DIST, config });
  app.setNotFoundHandler(notFound);
};
