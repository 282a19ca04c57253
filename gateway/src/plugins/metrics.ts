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

/** Seconds: from a cached page answer to a sign-in an account API made wait. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The sign-in outcomes counted (docs/operations.md "Metrics"). */
export type SignInOutcome =
  | 'signed_in'
  | 'second_factor_asked'
  | 'refused'
  | 'locked'
  | 'captcha_refused';
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
export class Metrics {
  readonly registry = new Registry();
  readonly #http: Histogram<'method' | 'route' | 'status'>;
  readonly #httpTotal: Counter<'method' | 'route' | 'status'>;
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
      help: 'Time to answer a request, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers,
    });
    this.#httpTotal = counter({
      name: 'portal_http_requests_total',
      help: 'Requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
    });
    this.upstream = new Histogram({
      name: 'portal_account_api_request_duration_seconds',
      help: 'Account-API calls: time to the whole answer, by variant, contract operation and outcome',
      labelNames: ['variant', 'operation', 'outcome'],
      buckets: BUCKETS,
      registers,
    });
    this.signIns = counter({
      name: 'portal_sign_ins_total',
      help: 'Sign-in attempts by outcome: signed_in, second_factor_asked, refused, locked, captcha_refused',
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

  /** Counts an answered request (an `onResponse` hook). */
  request(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = this.#httpChildren.get(key);
    if (!child) {
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      child = { duration: this.#http.labels(labels), total: this.#httpTotal.labels(labels) };
      this.#httpChildren.set(key, child);
    }
    child.duration.observe(reply.elapsedTime / 1000);
    child.total.inc();
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
}

/** The metrics of this app, and the count and time of every answered request. */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = new Metrics();
    app.decorate('metrics', metrics);
    app.addHook('onResponse', (request, reply, done) => {
      metrics.request(request, reply);
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
