import {
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import {
  type ExportResult,
  ExportResultCode,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import type { ReadableSpan, Sampler, SpanExporter } from '@opentelemetry/sdk-trace';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, tracingEnabled } from '../config';
import { innerRead } from '../render/inner';

/**
 * Tracing with OpenTelemetry's SDK (docs/operations.md "Tracing"): a span per
 * request and per account-API call, exported when `OTEL_*` names an exporter.
 * A caller's trace is continued (its trace id), but its sampled flag decides
 * only with a `parentbased_*` sampler: by default (`traceidratio`) a client
 * cannot make the gateway export its requests; traces are sampled at
 * `OTEL_TRACES_SAMPLER_ARG` (docs/product.md part 9: 0). The gateway's own spans follow
 * their request's decision.
 *
 * The spans are made here, not by the SDK's automatic instrumentation: that
 * patches every outgoing HTTP client of the process and would send
 * `traceparent` to the captcha verifier and the identity providers too,
 * where the spec (part 7) allows it to the account APIs only. The W3C
 * header goes on the account-API calls alone (`upstreamHeaders`, `upstream.ts`).
 * The provider is this app's, not registered globally: tests build many apps.
 */
export interface Tracing {
  tracer: Tracer;
  /** Exports what is left; never throws (a failure is a log line). */
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();
const headerGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  get: (carrier, key) => carrier[key],
  keys: (carrier) => Object.keys(carrier),
};

/**
 * The exporter, saying when the collector stops and starts taking spans: one
 * JSON warning when an export fails after one that did not (or the first),
 * one info line when it works again; never a line per batch, never a stack.
 */
class ReportingExporter implements SpanExporter {
  #failing = false;
  /** Whether the last export failed (and was said). */
  get failing() {
    return this.#failing;
  }
  constructor(
    private readonly inner: SpanExporter,
    private readonly log: FastifyBaseLogger,
    private readonly collector: string,
  ) {}
  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      const failed = result.code !== ExportResultCode.SUCCESS;
      if (failed && !this.#failing) {
        this.log.warn(
          { collector: this.collector, reason: result.error?.message ?? 'export failed' },
          'trace collector unreachable: spans are dropped until it answers',
        );
      } else if (!failed && this.#failing) {
        this.log.info({ collector: this.collector }, 'trace collector reachable again');
      }
      this.#failing = failed;
      done(result);
    });
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

/**
 * The SDK as the `OTEL_*` variables configure it; undefined when tracing is
 * off. Its modules load only then: the OTLP exporter alone costs half a
 * second of start-up. `log`: where the exporter's trouble is said.
 */
export async function createTracing(
  config: Config,
  log: FastifyBaseLogger,
): Promise<Tracing | undefined> {
  if (!tracingEnabled(config)) return undefined;
  const sdk = await import('@opentelemetry/sdk-trace');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const kind = config.OTEL_TRACES_SAMPLER.replace(/^parentbased_/, '');
  const root: Sampler =
    kind === 'always_on'
      ? new sdk.AlwaysOnSampler()
      : kind === 'always_off'
        ? new sdk.AlwaysOffSampler()
        : new sdk.TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG);
  // A caller's (remote) sampled flag decides only with a `parentbased_` sampler.
  const trustCaller = config.OTEL_TRACES_SAMPLER.startsWith('parentbased_');
  const collector =
    config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (config.OTEL_EXPORTER_OTLP_ENDPOINT
      ? `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`
      : 'http://localhost:4318/v1/traces');
  const exporter =
    config.OTEL_TRACES_EXPORTER === 'console'
      ? new sdk.ConsoleSpanExporter()
      : new ReportingExporter(
          new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter({
            url: collector,
          }),
          log,
          collector,
        );
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME }),
    sampler: new sdk.ParentBasedSampler(
      trustCaller ? { root } : { root, remoteParentSampled: root, remoteParentNotSampled: root },
    ),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter })],
  });
  const shutdown = async () => {
    // What is still batched goes now; a collector that cannot take it is one
    // warning line (the exporter's, or this one), never a failed shutdown or a stack.
    try {
      await provider.shutdown();
    } catch (err) {
      if (exporter instanceof ReportingExporter && exporter.failing) return;
      log.warn({ reason: (err as Error | null)?.message }, 'trace spans not exported at shutdown');
    }
  };
  return { tracer: provider.getTracer('portal-gateway'), shutdown };
}

/** W3C trace context's `traceparent`, version 00, ids not all zero. */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The `traceparent` of a span (sampled or not: the account API continues the same trace). */
function traceparentOf(span: Span): string | undefined {
  const carrier: Record<string, string> = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, {
    set: (c, k, v) => {
      c[k] = v;
    },
  });
  return carrier.traceparent;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The trace context the account-API calls of this request continue. */
    traceparent: string | undefined;
    /** This request's span (tracing on). */
    span: Span | undefined;
  }
}

/**
 * The request's trace context. Tracing on: a server span, child of an
 * incoming `traceparent`, ended with the answer. Tracing off: a well-formed
 * incoming `traceparent` is passed on to the account APIs as it came, so a
 * caller's trace still reaches them (the gateway then takes no part in it).
 */
export const tracingPlugin = fp<{ tracing: Tracing | undefined }>(
  async (app: FastifyInstance, { tracing }) => {
    app.decorateRequest('traceparent', undefined);
    app.decorateRequest('span', undefined);
    if (!tracing) {
      app.addHook('onRequest', (request, reply, done) => {
        const given = request.headers.traceparent;
        if (typeof given === 'string' && TRACEPARENT.test(given)) {
          request.traceparent = given;
          withTraceId(request, reply, given.slice(3, 35));
        }
        done();
      });
      return;
    }
    app.addHook('onRequest', (request, reply, done) => {
      // A drawn page's own read of the API (render/inner.ts): no request of its own, its
      // account-API call a child of the page's span, whose `traceparent` it was given.
      if (innerRead.is(request)) {
        const given = request.headers.traceparent;
        if (typeof given === 'string' && TRACEPARENT.test(given)) {
          request.traceparent = given;
          withTraceId(request, reply, given.slice(3, 35));
        }
        return done();
      }
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, headerGetter);
      const route = request.routeOptions.url;
      const span = tracing.tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            ...(route ? { 'http.route': route } : {}),
            'client.address': request.ip,
            'portal.request_id': request.id,
          },
        },
        parent,
      );
      request.span = span;
      request.traceparent = traceparentOf(span);
      withTraceId(request, reply, span.spanContext().traceId);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      endSpan(request.span, reply.statusCode, 500);
      done();
    });
    app.addHook('onClose', tracing.shutdown);
  },
  { name: 'tracing' },
);

/**
 * Every log line of the request (its access line included) carries its
 * trace id, so a trace and the request's lines, here and at the account API,
 * are found from one another.
 */
function withTraceId(request: FastifyRequest, reply: FastifyReply, traceId: string) {
  const log = request.log.child({ trace_id: traceId });
  request.log = log;
  reply.log = log;
}

function endSpan(span: Span | undefined, status: number, errorFrom: number) {
  if (!span) return;
  span.setAttribute('http.response.status_code', status);
  if (status === 0 || status >= errorFrom) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * An account-API call's span, child of the context its `traceparent` header
 * names (the request's), and that header replaced by the span's own.
 * Returns the function that ends it with the answer's status (0: none).
 */
export function startClientSpan(
  tracing: Tracing,
  headers: Record<string, string>,
  name: string,
  variant: string,
): (status: number) => void {
  const parent = propagator.extract(ROOT_CONTEXT, headers, headerGetter);
  const span = tracing.tracer.startSpan(
    name,
    { kind: SpanKind.CLIENT, attributes: { 'portal.variant': variant } },
    parent,
  );
  const traceparent = traceparentOf(span);
  if (traceparent) headers.traceparent = traceparent;
  return (status) => endSpan(span, status, 400);
}
