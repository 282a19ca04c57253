import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import { accountDocument, type OpenApiDocument, portalDocument } from '../openapi';
import { DOCS_CSS, docsPage } from '../openapi-html';
import { compressOptions } from './web';

/**
 * The contract as OpenAPI 3 for integrators: `/api/openapi.json` (portal API
 * and the partner's `/authorize`), `/api/openapi/account.json` (account API,
 * with the partner's code exchange at `POST /token`) and a readable page at
 * `/api/docs`. Generated once from the contract.
 */
export const openApiPlugin: FastifyPluginAsync = async (app) => {
  await app.register(compress, compressOptions);
  // Built on first use: most gateways never serve it, and it takes memory to build.
  let docs: { portal: OpenApiDocument; account: OpenApiDocument; page: string } | undefined;
  const built = () => {
    if (!docs) {
      const portal = portalDocument();
      const account = accountDocument();
      docs = { portal, account, page: docsPage(portal, account) };
    }
    return docs;
  };
  const cache = 'public, max-age=300';
  app.get('/api/openapi.json', (_request, reply) => {
    reply.header('cache-control', cache).send(built().portal);
  });
  app.get('/api/openapi/account.json', (_request, reply) => {
    reply.header('cache-control', cache).send(built().account);
  });
  app.get('/api/docs', (_request, reply) => {
    reply.header('cache-control', cache).type('text/html; charset=utf-8').send(built().page);
  });
  app.get('/api/docs.css', (_request, reply) => {
    reply.header('cache-control', cache).type('text/css; charset=utf-8').send(DOCS_CSS);
  });
};
