import { randomUUID } from 'node:crypto';
import {
  type FastifyBaseLogger,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
  type RawRequestDefaultExpression,
} from 'fastify';
import fp from 'fastify-plugin';
import { type DestinationStream, destination, symbols } from 'pino';
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

/** What a log line says of a request: never its headers or body, and its URL's secrets removed. */
function loggableRequest(req: { method: string; url: string; host?: string; ip?: string }) {
  return { method: req.method, url: loggableUrl(req.url), host: req.host, remoteAddress: req.ip };
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
 * Each batch is one plain write from the event loop: an asynchronous write
 * goes through libuv's thread pool, and the two thread wake-ups it takes cost
 * more than the write (`pnpm bench`). pino flushes what is left when the
 * process exits.
 */
function stdoutInBatches(): DestinationStream {
  return destination({
    dest: 1,
    sync: true,
    minLength: 4096,
    periodicFlush: 200,
  } as Parameters<typeof destination>[0]);
}

type LogArgs = Parameters<FastifyBaseLogger['info']>;
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * A request's logger, made only when something is logged through it: pino
 * makes a child logger in a few microseconds, and most requests log nothing
 * but their access line (written through the root logger, with the id).
 */
class RequestLogger {
  private made: FastifyBaseLogger | undefined = undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    /** A route's own `logLevel`, say. */
    private readonly options: ChildOptions,
  ) {}
  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }
  get level() {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }
  child(bindings: Record<string, unknown>) {
    return this.logger.child(bindings);
  }
  fatal(...args: LogArgs) {
    this.logger.fatal(...args);
  }
  error(...args: LogArgs) {
    this.logger.error(...args);
  }
  warn(...args: LogArgs) {
    this.logger.warn(...args);
  }
  info(...args: LogArgs) {
    this.logger.info(...args);
  }
  debug(...args: LogArgs) {
    this.logger.debug(...args);
  }
  trace(...args: LogArgs) {
    this.logger.trace(...args);
  }
  silent() {}
}

/**
 * Fastify's logger and request-id options: pino JSON lines, each with the
 * request id (taken from a well-formed `X-Request-ID`, else a new UUID), and
 * passwords, codes, tokens and cookies redacted.
 */
export function loggingOptions(
  config: Config,
  stream?: DestinationStream,
): Pick<
  FastifyServerOptions,
  'logger' | 'requestIdHeader' | 'genReqId' | 'logController' | 'childLoggerFactory'
> {
  return {
    logger: {
      level: config.LOG_LEVEL,
      stream: stream ?? stdoutInBatches(),
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: {
        req: loggableRequest,
      },
    },
    // One line per request, written when it is answered (requestLogPlugin), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger, bindings, options) =>
      new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger,
    requestIdHeader: false,
    genReqId: (req: RawRequestDefaultExpression) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  };
}

/** What pino keeps of a logger that the access line needs (`pino.symbols`: for integrations). */
interface PinoInternals {
  isLevelEnabled(level: string): boolean;
  [symbols.timeSym]: () => string;
  [symbols.chindingsSym]: string;
  [symbols.streamSym]: { write(line: string): unknown };
}

/** pino's number for `info`. */
const INFO_LEVEL = 30;

/**
 * The access line of an answered request, exactly as pino writes
 * `log.info({ reqId, req, res, ms }, 'request completed')` with the `req`
 * serializer (`loggableRequest`): same level, time, bindings and stream, in one template.
 * Every request writes it, and pino's general path (serializers, redaction
 * copies, safe stringify) cost a tenth of the gateway's instructions per call
 * (callgrind, `GET /api/user`); its fields are a method, a URL whose secrets
 * `loggableUrl` has removed, a host, an address, two numbers and the id.
 */
function accessLine(pino: PinoInternals, request: FastifyRequest, status: number, ms: number) {
  const req = JSON.stringify(loggableRequest(request));
  return `{"level":${INFO_LEVEL}${pino[symbols.timeSym]()}${pino[symbols.chindingsSym]},"reqId":${JSON.stringify(request.id)},"req":${req},"res":{"statusCode":${status}},"ms":${ms},"msg":"request completed"}\n`;
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
    const log = app.log as unknown as PinoInternals;
    app.addHook('onResponse', (request, reply, done) => {
      if (log.isLevelEnabled('info')) {
        log[symbols.streamSym].write(
          accessLine(log, request, reply.statusCode, Math.round(reply.elapsedTime)),
        );
      }
      done();
    });
  },
  { name: 'request-log' },
);
