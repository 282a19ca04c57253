import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
} from 'prom-client';
import { innerRead } from '../render/inner';
import type { RenderPool } from '../render/pool';

/** Seconds: from a cached page answer to a sign-in an account API made wait. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The sign-in outcomes counted (docs/operations.md "Metrics"). */
export type SignInOutcome =
  | 'signed_in'
  | 'second_factor_asked'
  | 'refused'
  | 'locked'
  | 'captcha_refused'
  | 'reset_required';
export type SecondFactorOutcome = 'passed' | 'failed' | 'paused';
/** An account-API call's outcome: its status class, or what kept it from having one. */
export type UpstreamOutcome =
  | '2xx'
  | '3xx'
  | '4xx'
  | '5xx'
  | 'timeout'
  | 'unavailable'
  | 'contract'
  /** Refused before it left: the variant's `UPSTREAM_MAX_CONCURRENCY` calls were in flight. */
  | 'busy';

/**
 * The process's own metrics (heap, event-loop lag, GC, CPU, handles), once
 * per process whatever the number of apps a test builds: prom-client's
 * default metrics observe the process, not an app.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'portal_' });
  }
  return processRegistry;
}

/**
 * The gateway's metrics, in Prometheus's text format (prom-client), served
 * on the management port only. Labels are bounded: route templates (never
 * raw paths), methods, statuses, variants, contract operations, outcomes.
 */
/** The route label of a request: its route template, bounded whatever the client asks for. */
export function routeLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return 'unmatched';
  // Each built asset is a route of its own (@fastify/static): one label for all of them.
  if (route.startsWith('/assets/')) return '/assets/*';
  // A page of the web app: its screen's path when it is one (web.ts), else one label.
  if (route === '/*') return request.pageRoute ?? '/*';
  return route;
}

/** The variant label: the configured origin the request named, or `none` for another host (421). */
const variantLabel = (request: FastifyRequest) => (request.misdirected ? 'none' : request.variant);

/**
 * What this gateway is, for `portal_build_info`: its version and commit, set
 * into the production bundle by gateway/build.mjs (`PORTAL_COMMIT` in the
 * environment names the commit where the build could not), and the Node that
 * runs it.
 */
export function buildInfo(): { version: string; commit: string; node_version: string } {
  return {
    version: process.env.PORTAL_BUILD_VERSION ?? sourceVersion(),
    commit: process.env.PORTAL_COMMIT || process.env.PORTAL_BUILD_COMMIT || 'unknown',
    node_version: process.version,
  };
}

/** Run from its sources: the version in gateway/package.json. */
function sourceVersion(): string {
  try {
    return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

type HttpLabels = 'method' | 'route' | 'status' | 'variant';

export class Metrics {
  readonly registry = new Registry();
  readonly #http: Histogram<HttpLabels>;
  readonly #httpTotal: Counter<HttpLabels>;
  /** Requests received and not yet answered; counted by variant at scrape time. */
  readonly #inFlight = new Set<FastifyRequest>();
  /** The label children of each method, route and status seen: prom-client hashes labels per call otherwise. */
  readonly #httpChildren = new Map<
    string,
    { duration: { observe(v: number): void }; total: { inc(): void } }
  >();
  readonly upstream: Histogram<'variant' | 'operation' | 'outcome'>;
  readonly signIns: Counter<'outcome'>;
  readonly secondFactor: Counter<'outcome'>;
  readonly rateLimited: Counter<'class'>;

  constructor() {
    const registers = [this.registry];
    const counter = <L extends string>(config: CounterConfiguration<L>) =>
      new Counter({ ...config, registers });
    this.#http = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template, status and variant',
      labelNames: ['method', 'route', 'status', 'variant'],
      buckets: BUCKETS,
      registers,
    });
    this.#httpTotal = counter({
      name: 'portal_http_requests_total',
      help: 'Requests answered, by method, route template, status and variant',
      labelNames: ['method', 'route', 'status', 'variant'],
    });
    const inFlight = this.#inFlight;
    new Gauge({
      name: 'portal_http_requests_in_flight',
      help: 'Requests received and not yet answered, by variant',
      labelNames: ['variant'],
      registers,
      collect() {
        const counts: Record<string, number> = { be: 0, lu: 0 };
        for (const request of inFlight) {
          const variant = variantLabel(request);
          counts[variant] = (counts[variant] ?? 0) + 1;
        }
        this.reset();
        for (const [variant, count] of Object.entries(counts)) this.labels({ variant }).set(count);
      },
    });
    const info = new Gauge({
      name: 'portal_build_info',
      help: 'The running gateway: version, commit (unknown when not built from a checkout) and Node version; always 1',
      labelNames: ['version', 'commit', 'node_version'],
      registers,
    });
    info.labels(buildInfo()).set(1);
    this.upstream = new Histogram({
      name: 'portal_account_api_request_duration_seconds',
      help: 'Account-API calls: time to the whole answer, by variant, contract operation and outcome',
      labelNames: ['variant', 'operation', 'outcome'],
      buckets: BUCKETS,
      registers,
    });
    this.signIns = counter({
      name: 'portal_sign_ins_total',
      help: 'Sign-in attempts by outcome: signed_in, second_factor_asked, refused, locked, captcha_refused, reset_required',
      labelNames: ['outcome'],
    });
    this.secondFactor = counter({
      name: 'portal_second_factor_total',
      help: 'Second-factor code checks by outcome: passed, failed, paused (too many tries)',
      labelNames: ['outcome'],
    });
    this.rateLimited = counter({
      name: 'portal_rate_limit_refusals_total',
      help: 'Calls refused 429 by the gateway rate limits, by class (signIn, codes, forgot)',
      labelNames: ['class'],
    });
  }

  /** A request received (an `onRequest` hook): in flight until `request` counts its answer. */
  received(request: FastifyRequest): void {
    this.#inFlight.add(request);
  }

  /** A request that ended (its response closed): answered, or the client went away. */
  abandoned(request: FastifyRequest): void {
    this.#inFlight.delete(request);
  }

  /** Counts an answered request (an `onResponse` hook). */
  request(request: FastifyRequest, reply: FastifyReply): void {
    const route = routeLabel(request);
    const variant = variantLabel(request);
    this.#inFlight.delete(request);
    const key = `${request.method} ${reply.statusCode} ${variant} ${route}`;
    let child = this.#httpChildren.get(key);
    if (!child) {
      const labels = { method: request.method, route, status: String(reply.statusCode), variant };
      child = { duration: this.#http.labels(labels), total: this.#httpTotal.labels(labels) };
      this.#httpChildren.set(key, child);
    }
    child.duration.observe(reply.elapsedTime / 1000);
    child.total.inc();
  }

  /**
   * The render threads' metrics (`render/pool.ts`): their number, the pages
   * waiting for one, and a counter of pages answered with the app's shell
   * instead of drawn, by reason. `pool` is read at scrape time.
   */
  renders(pool: () => RenderPool | null): { renderFallbacks: Counter<'reason'> } {
    this.gauge('portal_render_threads', 'Threads drawing pages with the server bundle', [], (g) => {
      g.set(pool()?.threads ?? 0);
    });
    this.gauge('portal_render_queue_length', 'Pages waiting for a render thread', [], (g) => {
      g.set(pool()?.queued ?? 0);
    });
    const renderFallbacks = new Counter({
      name: 'portal_render_fallbacks_total',
      help: "Pages answered with the app's shell instead of drawn: saturated (render queue full), late (not drawn within the wait), failed",
      labelNames: ['reason'],
      registers: [this.registry],
    });
    for (const reason of ['saturated', 'late', 'failed']) renderFallbacks.labels({ reason });
    return { renderFallbacks };
  }

  /** A gauge whose value is read at scrape time. */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    collect: (gauge: Gauge<L>) => void | Promise<void>,
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  /** The whole text: this app's metrics and the process's. */
  async text(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([this.registry, processMetrics()]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** The web app's screen a page request is for, as its metrics label (web.ts); else none. */
    pageRoute: string | undefined;
  }
}

/** The metrics of this app, and the count and time of every answered request. */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);
    app.decorateRequest('pageRoute', undefined);
    // A drawn page's own read of the API is part of that page, not a client's request.
    app.addHook('onRequest', (request, reply, done) => {
      if (!innerRead.is(request)) {
        metrics.received(request);
        // The response's close ends every request, answered or not: Fastify's
        // onRequestAbort misses a client that leaves while its answer is being
        // made (autocannon's end of a run left the gauge at 97 for ever).
        reply.raw.once('close', () => metrics.abandoned(request));
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (!innerRead.is(request)) metrics.request(request, reply);
      done();
    });
  },
  { name: 'metrics' },
);

/** The outcome label of an account-API answer's status. */
export function outcomeOf(status: number): UpstreamOutcome {
  if (status < 300) return '2xx';
  if (status < 400) return '3xx';
  return status < 500 ? '4xx' : '5xx';
}
