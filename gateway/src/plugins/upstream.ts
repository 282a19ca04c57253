import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { accountApi, type Variant } from '@portal/contract';
import {
  type ApiFetcherArgs,
  type AppRoute,
  ContractNoBody,
  initClient,
  isAppRouteOtherResponse,
  parseAsStandardSchema,
  validateAgainstStandardSchema,
} from '@ts-rest/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Dispatcher, errors, Pool } from 'undici';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { type Metrics, outcomeOf, type UpstreamOutcome } from './metrics';
import { startClientSpan, type Tracing } from './tracing';

const routeName = (route: AppRoute) => `${route.method} ${route.path}`;

function contractBreach(route: AppRoute, status: number, issue: unknown): GatewayError {
  return new GatewayError('upstream_contract', undefined, {
    route: routeName(route),
    status,
    issue,
  });
}

/** An answer larger than this is not an account-API answer: refused, not buffered. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * What the contract declares for this status's body: its schema,
 * `ContractNoBody`, or undefined when the status is not declared.
 */
function declaredBody(route: AppRoute, status: number): unknown {
  const declared = route.responses[status];
  return declared !== undefined && isAppRouteOtherResponse(declared) ? declared.body : declared;
}

/**
 * The transport failure as the browser should see it: the call's deadline
 * passed (`deadline` aborted) or undici's own timers fired, 504; anything
 * else 502.
 */
function transportError(route: AppRoute, err: unknown, deadline: AbortSignal): GatewayError {
  if (err instanceof GatewayError) return err;
  const detail = {
    route: routeName(route),
    cause: (err as { code?: string } | null)?.code ?? (err as Error | null)?.name,
  };
  if (
    deadline.aborted ||
    err instanceof errors.HeadersTimeoutError ||
    err instanceof errors.BodyTimeoutError
  ) {
    return new GatewayError('upstream_timeout', undefined, detail);
  }
  return new GatewayError('upstream_unavailable', undefined, detail);
}

/** The issues of a failed answer check, as a log line shows them. */
function issuesOf(err: Error) {
  const { issues } = err as { issues?: { path?: PropertyKey[]; message: string }[] };
  return (issues ?? []).map((i) => ({
    path: (i.path ?? []).map(String).join('.'),
    message: i.message,
  }));
}

/** What an account-API call is measured and traced by. */
interface Observed {
  variant: Variant;
  metrics: Metrics;
  tracing: Tracing | undefined;
}

/** How a variant's calls are bounded: each call's deadline, and the calls in flight at once. */
interface Limits {
  timeoutMs: number;
  maxConcurrency: number;
}

/**
 * ts-rest's documented extension point for a custom fetcher (`api`): the call
 * goes out on undici's keep-alive pool of the upstream's origin (ts-rest hands
 * over the whole URL; the pool is given its path and query, so no URL is
 * parsed per call), its body is read up to 1 MB (the pool's
 * `maxResponseSize`), and a body the contract declares is checked against its
 * schema the way ts-rest's own fetcher does with `validateResponse: true`
 * (`parseAsStandardSchema`, `validateAgainstStandardSchema`). Not through
 * `validateResponse`: its result is built with an object spread that costs
 * Node 20 about half a microsecond per call, more than the check of the
 * user itself. A body that is not JSON or not the declared shape is a broken
 * contract: 502 `upstream_contract`, logged with the route and the issues.
 *
 * Each call is timed (`portal_account_api_request_duration_seconds`) and,
 * with tracing on, has its span, whose `traceparent` it carries.
 *
 * Bounded (docs/operations.md "Timeouts and shutdown"): the call's deadline
 * (`UPSTREAM_TIMEOUT_MS`) is an `AbortSignal` started before the call is
 * handed to the pool, so waiting for a connection, connecting, the headers
 * and the body all count against it; and a variant has at most
 * `UPSTREAM_MAX_CONCURRENCY` calls in flight (the pool's connections): one
 * more is refused at once, 503 `upstream_busy`, rather than queued behind
 * calls that may hang.
 */
function undiciFetcher(
  pool: Pool,
  base: string,
  prefix: string,
  observed: Observed,
  limits: Limits,
) {
  const fetcher = fetchAnswer(pool, base, prefix);
  const timers = new Map<string, Timer>();
  let inFlight = 0;
  return async (args: ApiFetcherArgs) => {
    const operation = routeName(args.route);
    const started = performance.now();
    if (inFlight >= limits.maxConcurrency) {
      timerOf(timers, observed, operation, 'busy').observe(0);
      throw new GatewayError('upstream_busy', undefined, {
        route: operation,
        variant: observed.variant,
        inFlight,
      });
    }
    inFlight++;
    const end = observed.tracing
      ? startClientSpan(observed.tracing, args.headers, operation, observed.variant)
      : undefined;
    let outcome: UpstreamOutcome = 'unavailable';
    let status = 0;
    // A controller and a timer: AbortSignal.timeout costs some 20 µs a call.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), limits.timeoutMs);
    try {
      const answer = await fetcher(args, deadline.signal);
      status = answer.status;
      outcome = outcomeOf(status);
      return answer;
    } catch (err) {
      outcome = failureOutcome(err);
      throw err;
    } finally {
      clearTimeout(timer);
      inFlight--;
      timerOf(timers, observed, operation, outcome).observe((performance.now() - started) / 1000);
      end?.(status);
    }
  };
}

type Timer = { observe(seconds: number): void };

/** The histogram's child for an operation and outcome, kept: prom-client hashes labels per call otherwise. */
function timerOf(
  timers: Map<string, Timer>,
  observed: Observed,
  operation: string,
  outcome: UpstreamOutcome,
): Timer {
  const key = `${operation} ${outcome}`;
  let timer = timers.get(key);
  if (!timer) {
    timer = observed.metrics.upstream.labels(observed.variant, operation, outcome);
    timers.set(key, timer);
  }
  return timer;
}

/** Why a call has no answer, as its metric says it. */
function failureOutcome(err: unknown): UpstreamOutcome {
  const kind = err instanceof GatewayError ? err.kind : undefined;
  if (kind === 'upstream_timeout') return 'timeout';
  if (kind === 'upstream_contract') return 'contract';
  return kind === 'request_too_long' ? '4xx' : 'unavailable';
}

function fetchAnswer(pool: Pool, base: string, prefix: string) {
  return async ({ route, path, method, headers, body }: ApiFetcherArgs, deadline: AbortSignal) => {
    let status = 0;
    let raw: RawHeaders;
    let text: string;
    try {
      const res = await pool.request({
        // ts-rest's URL is `base` and the route's path: the pool is given the base's own path and that.
        path: prefix + path.slice(base.length),
        method: method as 'GET',
        headers,
        body: body instanceof URLSearchParams ? body.toString() : (body as string | undefined),
        signal: deadline,
      });
      status = res.statusCode;
      raw = res.headers;
      text = await res.body.text();
    } catch (err) {
      if (err instanceof errors.ResponseExceededMaxSizeError) {
        throw contractBreach(route, status, `answer larger than ${MAX_ANSWER_BYTES} bytes`);
      }
      throw transportError(route, err, deadline);
    }
    // The account service refused the request's own length (its URL or headers,
    // within our limits but not its own): the caller's request, so a 400, not a 502.
    if ((status === 414 || status === 431) && !(status in route.responses)) {
      throw new GatewayError('request_too_long', undefined, { route: route.path, status });
    }
    const declared = declaredBody(route, status);
    if (status === 204 || declared === ContractNoBody || !(status in route.responses)) {
      // An undeclared status is ts-rest's to refuse (`throwOnUnknownStatus`).
      return new UpstreamAnswer(status, undefined, raw);
    }
    const contentType = String(raw['content-type'] ?? '');
    if (!contentType.includes('json')) {
      throw contractBreach(route, status, `content-type ${contentType || 'missing'}, not JSON`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw contractBreach(route, status, 'body is not valid JSON');
    }
    const schema = parseAsStandardSchema(declared);
    if (!schema) return new UpstreamAnswer(status, json, raw);
    const checked = validateAgainstStandardSchema(json, schema);
    if (checked.error) throw contractBreach(route, status, issuesOf(checked.error));
    return new UpstreamAnswer(status, checked.value, raw);
  };
}

type RawHeaders = Dispatcher.ResponseData['headers'];

/**
 * The answer the fetcher gives ts-rest. Its `headers` are the fetch API's
 * `Headers`, built from undici's plain object only when read (the few routes
 * that pass `Retry-After` on), not on every call.
 */
class UpstreamAnswer {
  #headers: Headers | undefined;
  constructor(
    readonly status: number,
    readonly body: unknown,
    private readonly raw: RawHeaders,
  ) {}
  get headers(): Headers {
    if (!this.#headers) {
      this.#headers = new Headers();
      for (const [name, value] of Object.entries(this.raw)) {
        for (const v of Array.isArray(value) ? value : [value]) {
          if (v !== undefined) this.#headers.append(name, v);
        }
      }
    }
    return this.#headers;
  }
}

/**
 * An account-API client: ts-rest's `initClient` over the contract, with an
 * undici fetcher (keep-alive pool of `maxConcurrency` connections; each call
 * within `timeoutMs` as a whole). An undeclared status throws ts-rest's
 * `UnknownStatusError` (502 by the error handler).
 */
function makeClient(baseUrl: string, limits: Limits, observed: Observed) {
  // A base URL may carry a path prefix (`https://api.example.be/v2`).
  const base = baseUrl.replace(/\/$/, '');
  const { origin, pathname } = new URL(base);
  const prefix = pathname.replace(/\/$/, '');
  const pool = new Pool(origin, {
    connections: limits.maxConcurrency,
    keepAliveTimeout: 10_000,
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
    maxResponseSize: MAX_ANSWER_BYTES,
  });
  const client = initClient(accountApi, {
    baseUrl: base,
    throwOnUnknownStatus: true,
    validateResponse: true,
    api: undiciFetcher(pool, base, prefix, observed, limits),
  });
  return Object.assign(client, { close: () => pool.close() });
}

export type UpstreamClient = ReturnType<typeof makeClient>;

declare module 'fastify' {
  interface FastifyInstance {
    upstreams: Record<Variant, UpstreamClient>;
    /**
     * Whether each account API's host name resolves (an address is always
     * resolved): checked at start and every `RESOLVE_RETRY_MS` until it
     * does. Also the gauge `portal_account_api_host_resolves`.
     */
    upstreamHostResolves(): Record<Variant, boolean>;
  }
}

/** How often a host name that did not resolve is looked up again. */
const RESOLVE_RETRY_MS = 30_000;

/**
 * The start-up check of the account APIs' host names (docs/operations.md
 * "Management port"): one that does not resolve is one warning line and
 * the gauge at 0, and does not stop the start (the name may be created
 * after the gateway, and readiness never follows the account APIs); it is
 * looked up again until it resolves, which is one info line.
 */
function watchHostNames(app: FastifyInstance, config: Config) {
  const urls: Record<Variant, string> = { be: config.UPSTREAM_BE_URL, lu: config.UPSTREAM_LU_URL };
  const resolves: Record<Variant, boolean> = { be: true, lu: true };
  const timers = new Set<NodeJS.Timeout>();
  const check = async (variant: Variant, host: string, first: boolean) => {
    try {
      await lookup(host);
      resolves[variant] = true;
      if (!first) app.log.info({ variant, host }, 'account API host name resolves now');
    } catch (err) {
      if (first) {
        app.log.warn(
          { variant, host, reason: (err as { code?: string }).code },
          'account API host name does not resolve: its calls fail (502) until it does',
        );
      }
      resolves[variant] = false;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void check(variant, host, false);
      }, RESOLVE_RETRY_MS);
      timer.unref();
      timers.add(timer);
    }
  };
  app.decorate('upstreamHostResolves', () => ({ ...resolves }));
  app.metrics.gauge(
    'portal_account_api_host_resolves',
    "Whether the host name of a variant's account API resolves (1) or not (0): checked at start, then every 30 s until it does",
    ['variant'],
    (gauge) => {
      for (const variant of ['be', 'lu'] as const)
        gauge.set({ variant }, resolves[variant] ? 1 : 0);
    },
  );
  // Not awaited: a slow resolver must not hold the start up either.
  app.addHook('onReady', async () => {
    for (const variant of ['be', 'lu'] as const) {
      const host = new URL(urls[variant]).hostname.replace(/^\[|\]$/g, '');
      if (!isIP(host)) void check(variant, host, true);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}

/**
 * One account-API client per region. The upstream is picked from a fixed map
 * by the request's variant (its configured origin), never from a URL the
 * request carries.
 */
export const upstreamPlugin = fp<{ config: Config; tracing: Tracing | undefined }>(
  async (app, { config, tracing }) => {
    const observed = (variant: Variant) => ({ variant, metrics: app.metrics, tracing });
    const limits = {
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      maxConcurrency: config.UPSTREAM_MAX_CONCURRENCY,
    };
    app.decorate('upstreams', {
      be: makeClient(config.UPSTREAM_BE_URL, limits, observed('be')),
      lu: makeClient(config.UPSTREAM_LU_URL, limits, observed('lu')),
    });
    app.addHook('onClose', async () => {
      await Promise.all([app.upstreams.be.close(), app.upstreams.lu.close()]);
    });
    watchHostNames(app, config);
  },
  { name: 'upstream', dependencies: ['metrics'] },
);

/** The client for this request's region. */
export function upstreamOf(request: FastifyRequest): UpstreamClient {
  return request.server.upstreams[request.variant];
}
