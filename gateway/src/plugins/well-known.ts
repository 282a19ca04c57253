import type { FastifyPluginAsync } from 'fastify';

/** An account portal has nothing for search engines: no page of it belongs in an index. */
const ROBOTS = 'User-agent: *\nDisallow: /\n';

/** RFC 9116: where to report a vulnerability; `Expires` a year ahead of each start. */
function securityTxt(origin: string): string {
  const expires = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();
  return [
    'Contact: mailto:security@example.be',
    `Expires: ${expires}`,
    'Preferred-Languages: en, fr, nl, de',
    `Canonical: ${origin}/.well-known/security.txt`,
    '',
  ].join('\n');
}

/** `/robots.txt` and `/.well-known/security.txt`, real files at real paths. */
export const wellKnownPlugin: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400');
    return reply.send(ROBOTS);
  });
  app.get('/.well-known/security.txt', (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400');
    return reply.send(securityTxt(request.publicOrigin.origin));
  });
};
