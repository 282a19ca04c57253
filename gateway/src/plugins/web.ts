import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets cached for a year, `index.html`
 * never cached, and every unknown non-API GET answered with `index.html`
 * (history-mode routing).
 */
export const webPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn({ root }, 'no built web app found; run `pnpm build`');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    const sendIndex = (reply: import('fastify').FastifyReply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html');
    app.get('/', (_request, reply) => sendIndex(reply));
    app.get('/*', (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || path.startsWith('/assets/')) {
        return reply.status(404).send({ code: 'not_found', message: `No route GET ${path}` });
      }
      return sendIndex(reply);
    });
  },
  { name: 'web' },
);
