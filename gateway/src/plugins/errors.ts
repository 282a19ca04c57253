import { TsRestResponseValidationError, UnknownStatusError } from '@ts-rest/core';
import fp from 'fastify-plugin';
import { GatewayError } from '../errors';

/**
 * The one place errors become HTTP answers. 5xx bodies never carry internals.
 * Registered before the ts-rest routers: their own scope's handler answers
 * request-validation errors and hands every other error up to this one.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof GatewayError) {
        if (error.status >= 500) request.log.warn({ kind: error.kind }, error.message);
        return reply.status(error.status).send(error.body());
      }
      if (error instanceof TsRestResponseValidationError) {
        request.log.error(
          { route: `${error.appRoute.method} ${error.appRoute.path}`, issue: error.cause.issues },
          'upstream answer broke the contract',
        );
        return reply.status(502).send(new GatewayError('upstream_contract').body());
      }
      if (error instanceof UnknownStatusError) {
        request.log.error(
          { route: request.routeOptions.url, status: error.response.status },
          'upstream answered a status the contract does not declare',
        );
        return reply.status(502).send(new GatewayError('upstream_contract').body());
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return reply.status(status).send({
          code: (error as { code?: string }).code?.toLowerCase() ?? 'bad_request',
          message: (error as Error).message,
        });
      }
      request.log.error({ err: error }, 'unhandled gateway error');
      return reply.status(500).send({ code: 'internal', message: 'An error has occurred.' });
    });
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send({
        code: 'not_found',
        message: `No route ${request.method} ${request.url.split('?')[0]}`,
      });
    });
  },
  { name: 'errors' },
);
