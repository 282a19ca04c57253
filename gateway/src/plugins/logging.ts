import { randomUUID } from 'node:crypto';
import { loggableUrl, withoutEmailAddresses } from '@portal/contract';
import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RawRequestDefaultExpression,
} from 'fastify';
import fp from 'fastify-plugin';
import { type DestinationStream, destination } from 'pino';
import type { Config } from '../config';
import { trustedHop } from './proxy';

const REQUEST_ID = /^[\w.-]{1,128}$/;

/**
 * What a log line says of a request: never its headers or body, and its URL
 * without secrets or personal data (`login`, `login_hint`, `target`,
 * `redirect_uri`, any e-mail address or phone number: `loggableUrl`).
 */
function loggableRequest(req: FastifyRequest) {
  return { method: req.method, url: loggableUrl(req.url), host: req.host, remoteAddress: req.ip };
}

/**
 * Paths pino censors in whatever object a log call is given: the secrets at
 * the top level or in a body, query, params or headers object. The request
 * serialiser above never logs headers or bodies anyway.
 */
const SECRETS = ['password', 'code', 'access_token', 'token', 'payload', 'code_verifier'];
const REDACT = [
  'headers.authorization',
  'headers.cookie',
  ...SECRETS.flatMap((k) => [k, ...['body', 'query', 'params'].map((part) => `${part}.${k}`)]),
];

/**
 * stdout, written in batches of 4 KB or every 200 ms, whichever comes first
 * (pino's `destination` with `minLength`), synchronously: one write per
 * request would cost as much as a tenth of the gateway's CPU, and handing
 * each batch to libuv's thread pool (`sync: false`) costs about 2 µs a
 * request more than writing it from the event loop (a thread woken and a
 * completion signalled per batch; `pnpm bench`, README "Performance"). What is
 * still buffered is written when the process exits (pino does that itself
 * only for asynchronous destinations), so a gateway that cannot start (its
 * port taken) or that shuts down says so. One destination per process:
 * there is one stdout.
 */
let stdout: ReturnType<typeof destination> | undefined;
function stdoutInBatches(): DestinationStream {
  if (!stdout) {
    const stream = destination({ dest: 1, sync: true, minLength: 4096, periodicFlush: 200 });
    process.once('exit', () => stream.flushSync());
    stdout = stream;
  }
  return stdout;
}

/**
 * Fastify's request logging, one line per request: nothing when it arrives,
 * and when it is answered its request id, method and URL (secrets removed),
 * route, status and time, through pino's serializers and redaction.
 */
class AccessLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      req: request,
      route: request.routeOptions.url,
      res: reply,
      responseTime: Math.round(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Fastify's logger and request-id options: pino JSON lines, each with the
 * request id, and passwords, codes, tokens and cookies redacted. The id is a
 * well-formed `X-Request-ID` from a proxy `TRUST_PROXY` lists (which set it,
 * or passed a client's on knowingly), else a new UUID: a client's own id
 * would reach the account API's logs as is.
 */
export function loggingOptions(
  config: Config,
  stream?: DestinationStream,
): Pick<FastifyServerOptions, 'logger' | 'requestIdHeader' | 'genReqId' | 'logController'> {
  const trusted = trustedHop(config);
  return {
    logger: {
      level: config.LOG_LEVEL,
      stream: stream ?? stdoutInBatches(),
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { req: loggableRequest },
      // Whatever field a line carries one in (an error quoting a body), no e-mail address.
      hooks: { streamWrite: withoutEmailAddresses },
    },
    logController: new AccessLog(),
    requestIdHeader: false,
    genReqId: (req: RawRequestDefaultExpression) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' &&
        REQUEST_ID.test(given) &&
        trusted(req.socket.remoteAddress)
        ? given
        : randomUUID();
    },
  };
}

/** Returns the request id on every answer, so that a user's report can be matched to the logs. */
export const requestIdPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
