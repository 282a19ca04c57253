import { TsRestResponseValidationError, UnknownStatusError } from '@ts-rest/core';
import fp from 'fastify-plugin';
import { GatewayError } from '../errors';

/** Fastify's own 4xx codes (`FST_ERR_CTP_INVALID_JSON`, ...) as the browser sees them. */
function clientErrorCode(error: { code?: string; statusCode: number }): string {
  if (error.statusCode === 413) return 'payload_too_large';
  if (error.statusCode === 415) return 'unsupported_media_type';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'validation';
  }
  return 'bad_request';
}

/**
 * The one place errors become HTTP answers. 5xx bodies never carry internals.
 * Registered before the ts-rest routers: their own scope's handler answers
 * request-validation errors and hands every other error up to this one.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof GatewayError) {
        if (error.kind === 'upstream_contract') {
          request.log.error(
            { kind: error.kind, ...error.detail },
            'upstream answer broke the contract',
          );
        } else if (error.status >= 500) {
          request.log.warn({ kind: error.kind, ...error.detail }, error.message);
        }
        return reply.status(error.status).send(error.body());
      }
      if (error instanceof TsRestResponseValidationError) {
        // Our own answer broke the portal contract (a route passed on an unexpected shape).
        request.log.error(
          { route: `${error.appRoute.method} ${error.appRoute.path}`, issue: error.cause.issues },
          'answer broke the portal contract',
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
          code: clientErrorCode(error as { code?: string; statusCode: number }),
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
