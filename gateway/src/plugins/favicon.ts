import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Variant } from '@portal/contract';
import fp from 'fastify-plugin';

// A path, not `new URL(…, import.meta.url)`: Vite (the web app's tests start the gateway)
// rewrites that pattern into an asset URL. gateway/public, seen from src/plugins/
// (tsx) or from dist/ (the production build).
const here = dirname(fileURLToPath(import.meta.url));
const PUBLIC =
  [join(here, '../../public'), join(here, '../public')].find((dir) =>
    existsSync(join(dir, 'favicon-be.ico')),
  ) ?? join(here, '../../public');
const read = (name: string) => readFileSync(join(PUBLIC, name));

/**
 * `/favicon.ico` (and `/favicon.svg`) per variant (docs/product.md part 1: the favicon
 * differs per variant): the Belgian or Luxembourg colours, by Host.
 */
export const faviconPlugin = fp(
  async (app) => {
    const icons = {
      ico: { type: 'image/x-icon', be: read('favicon-be.ico'), lu: read('favicon-lu.ico') },
      svg: { type: 'image/svg+xml', be: read('favicon-be.svg'), lu: read('favicon-lu.svg') },
    } satisfies Record<string, { type: string } & Record<Variant, Buffer>>;
    for (const ext of ['ico', 'svg'] as const) {
      app.get(`/favicon.${ext}`, (request, reply) => {
        reply
          .type(icons[ext].type)
          .header('cache-control', 'public, max-age=86400')
          .header('vary', 'Host')
          .send(icons[ext][request.variant]);
      });
    }
  },
  { name: 'favicon', dependencies: ['origin'] },
);
