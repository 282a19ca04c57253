import {
  ResponseValidationError,
  TsRestResponseValidationError,
  UnknownStatusError,
} from '@ts-rest/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BUSY_RETRY_AFTER_S, GatewayError } from '../errors';
import { misdirectedPage } from '../pages/misdirected';

/** Fastify's own 4xx codes (`FST_ERR_CTP_INVALID_JSON`, ...) as the browser sees them. */
function clientErrorCode(error: { code?: string; statusCode: number }): string {
  if (error.statusCode === 413) return 'payload_too_large';
  if (error.statusCode === 415) return 'unsupported_media_type';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'validation';
  }
  return 'bad_request';
}

/** A 404 as the browser sees it. */
export function notFound(request: FastifyRequest, reply: FastifyReply) {
  const route = `${request.method} ${request.url.split('?')[0]}`;
  const instead = RETIRED.find(([door]) => door.test(route))?.[1];
  reply.status(404).send({
    code: 'not_found',
    message: instead ? `No route ${route}: ${instead}.` : `No route ${route}`,
  });
}

/**
 * The JSON sign-in doors the flows replaced (docs/flows.md): a client that
 * still calls one is told where the journey runs now.
 */
const RETIRED: [RegExp, string][] = [
  [
    /^POST \/api\/token\/?$/,
    'a sign-in runs through the sign-in flow (POST /api/sign-in/password)',
  ],
  [
    /^(GET|POST) \/api\/mfa\/sudo\/?$/,
    'a second factor runs through the sign-in flow (/api/sign-in/*) or the step-up flow (/api/step-up/*)',
  ],
  [/^[A-Z]+ \/api\/fuzzion(\/|$)/, 'a duplicate merge runs through the merge flow (/api/merge/*)'],
];

/**
 * The one place errors become HTTP answers. 5xx bodies never carry internals.
 * The /api scope's own handler (@ts-rest/fastify's) answers request-validation
 * errors and hands every other error up to this one.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof GatewayError) {
        if (error.kind === 'misdirected' && request.headers.accept?.includes('text/html')) {
          return reply
            .status(error.status)
            .type('text/html; charset=utf-8')
            .send(misdirectedPage(request.server.publicOrigins));
        }
        if (error.kind === 'upstream_contract') {
          request.server.reportError?.(error, request);
          request.log.error(
            { kind: error.kind, ...error.detail },
            'upstream answer broke the contract',
          );
        } else if (error.status >= 500) {
          request.log.warn({ kind: error.kind, ...error.detail }, error.message);
        }
        if (error.kind === 'upstream_busy') reply.header('retry-after', String(BUSY_RETRY_AFTER_S));
        return reply.status(error.status).send(error.body());
      }
      if (
        error instanceof TsRestResponseValidationError ||
        error instanceof ResponseValidationError
      ) {
        // Our own answer broke the portal contract (a route passed on an unexpected shape).
        request.server.reportError?.(error, request);
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
      request.server.reportError?.(error, request);
      request.log.error({ err: error }, 'unhandled gateway error');
      return reply.status(500).send({ code: 'internal', message: 'An error has occurred.' });
    });
  },
  { name: 'errors' },
);
