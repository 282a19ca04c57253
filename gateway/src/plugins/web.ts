import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { notFound } from './errors';

/**
 * Whether a path (the router's, decoded, without the leading slash) can be
 * one of the web app's screens: not under `api/` or `assets/` in any case,
 * and no file name with an extension in its last segment (`robots.txt`,
 * `wp-login.php`, a missing `assets/x.js`).
 */
export function isScreenPath(path: string): boolean {
  const first = path.split('/')[0]?.toLowerCase();
  if (first === 'api' || first === 'assets') return false;
  const last = path.split('/').pop() ?? '';
  return !/\.[a-z0-9]+$/i.test(last);
}

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
 * every other GET of a screen's path answered with `index.html` (history-mode
 * routing); a file that is not there is a 404, not the app.
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
    const path = (request.params as { '*': string })['*'];
    return isScreenPath(path) ? sendIndex(reply) : notFound(request, reply);
  });
};
