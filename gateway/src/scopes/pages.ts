import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { notFound } from '../plugins/errors';
import { faviconPlugin } from '../plugins/favicon';
import { healthRoutes } from '../plugins/health';
import { openApiPlugin } from '../plugins/openapi';
import { refuseMisdirected } from '../plugins/origin';
import { hsts, pageHelmet } from '../plugins/security';
import { inlineStyleHashes, readWebBuild, webPlugin } from '../plugins/web';
import { wellKnownPlugin } from '../plugins/well-known';
import { authorizePlugin } from '../routes/authorize';
import { lockdownLinkPlugin } from '../routes/lockdown-link';

/**
 * Everything that is not a portal call: the web app, the partner's
 * `/authorize` entry, the API docs, favicons, robots.txt and security.txt,
 * and the health probes. Pages get helmet's full set with the strict CSP.
 */
export const pagesScope: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const web = config.WEB_DIST ? await readWebBuild(config.WEB_DIST) : null;
  if (config.WEB_DIST && !web)
    app.log.warn({ root: config.WEB_DIST }, 'no built web app found; run `pnpm build`');
  await app.register(helmet, pageHelmet(config, inlineStyleHashes(web)));
  app.addHook('onRequest', refuseMisdirected);
  app.addHook('onRequest', hsts);
  await app.register(healthRoutes);
  await app.register(faviconPlugin);
  await app.register(wellKnownPlugin, { config });
  await app.register(openApiPlugin);
  await app.register(authorizePlugin);
  await app.register(lockdownLinkPlugin);
  if (web) await app.register(webPlugin, { build: web, config });
  app.setNotFoundHandler(notFound);
};
