import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

/** brotli/gzip for whatever a scope serves over 1 KB; a quick brotli level, as it runs per answer. */
export const compressOptions = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
};

/**
 * Serves the built web app: hashed assets (`/assets/*`) cached for a year as
 * immutable, everything else (`index.html`) `no-cache`, compressed with
 * brotli or gzip (pre-compressed `.br`/`.gz` files are used when present), and
 * every unknown non-API GET answered with `index.html` (history-mode routing).
 * Encapsulated: compression applies to these routes only, not to the API.
 */
export const webPlugin: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'no built web app found; run `pnpm build`');
    return;
  }
  await app.register(compress, compressOptions);
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
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path.startsWith('/assets/')) {
      return reply.status(404).send({ code: 'not_found', message: `No route GET ${path}` });
    }
    return sendIndex(reply);
  });
};
