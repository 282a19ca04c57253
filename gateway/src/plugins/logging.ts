import { randomUUID } from 'node:crypto';
import {
  type FastifyServerOptions,
  LogController,
  type RawRequestDefaultExpression,
} from 'fastify';
import fp from 'fastify-plugin';
import { type DestinationStream, destination } from 'pino';
import type { Config } from '../config';

const REQUEST_ID = /^[\w.-]{1,128}$/;

/** Query parameters whose values are secrets: never written to a log line. */
const SECRET_PARAMS = new Set([
  'access_token',
  'code',
  'code_verifier',
  'password',
  'payload',
  'refresh_token',
  'token',
  'hash',
  'client_secret',
]);

/** The URL as it may be logged: secret query values replaced. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of params.keys()) if (SECRET_PARAMS.has(key)) params.set(key, '[redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

/**
 * Paths pino censors in whatever object a log call is given: the secrets at
 * the top level or in a body, query, params or headers object. Explicit paths
 * only: wildcards would cost more than the rest of the log line together. The
 * request and answer serialisers below never log headers or bodies anyway.
 */
const SECRETS = ['password', 'code', 'access_token', 'token', 'payload', 'code_verifier'];
const REDACT = [
  'headers.authorization',
  'headers.cookie',
  ...SECRETS.flatMap((k) => [k, ...['body', 'query', 'params'].map((part) => `${part}.${k}`)]),
];

/**
 * stdout, written in batches of 4 KB or every 200 ms, whichever comes first:
 * one write per request would cost as much as a tenth of the gateway's CPU.
 * pino flushes what is left when the process exits.
 */
function stdoutInBatches(): DestinationStream {
  return destination({
    dest: 1,
    sync: false,
    minLength: 4096,
    periodicFlush: 200,
  } as Parameters<typeof destination>[0]);
}

/**
 * Fastify's logger and request-id options: pino JSON lines, each with the
 * request id (taken from a well-formed `X-Request-ID`, else a new UUID), and
 * passwords, codes, tokens and cookies redacted.
 */
export function loggingOptions(
  config: Config,
  stream?: DestinationStream,
): Pick<FastifyServerOptions, 'logger' | 'requestIdHeader' | 'genReqId' | 'logController'> {
  return {
    logger: {
      level: config.LOG_LEVEL,
      stream: stream ?? stdoutInBatches(),
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: (req: { method: string; url: string; host?: string; ip?: string }) => ({
          method: req.method,
          url: loggableUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    // One line per request, written when it is answered (requestLogPlugin), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (req: RawRequestDefaultExpression) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}

/**
 * Returns the request id on every answer, so that a user's report can be
 * matched to the logs, and writes one line per answered request.
 */
export const requestLogPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { req: request, res: { statusCode: reply.statusCode }, ms: Math.round(reply.elapsedTime) },
        'request completed',
      );
      done();
    });
  },
  { name: 'request-log' },
);
