import {
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { Sampler, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, tracingEnabled } from '../config';

/**
 * Tracing with OpenTelemetry's SDK (docs/operations.md "Tracing"): a span per
 * request and per account-API call, exported when `OTEL_*` names an exporter.
 * Sampling is parent-based: a caller's sampled trace is kept, new traces are
 * sampled at `OTEL_TRACES_SAMPLER_ARG` (spec part 9: 0).
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
  provider: TracerProvider;
}

const propagator = new W3CTraceContextPropagator();
const headerGetter: TextMapGetter<Record<string, string | string[] | undefined>> = {
  get: (carrier, key) => carrier[key],
  keys: (carrier) => Object.keys(carrier),
};

/**
 * The SDK as the `OTEL_*` variables configure it; undefined when tracing is
 * off. Its modules load only then: the OTLP exporter alone costs half a
 * second of start-up.
 */
export async function createTracing(config: Config): Promise<Tracing | undefined> {
  if (!tracingEnabled(config)) return undefined;
  const sdk = await import('@opentelemetry/sdk-trace');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const root: Sampler =
    config.OTEL_TRACES_SAMPLER === 'parentbased_always_on'
      ? new sdk.AlwaysOnSampler()
      : config.OTEL_TRACES_SAMPLER === 'parentbased_always_off'
        ? new sdk.AlwaysOffSampler()
        : new sdk.TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG);
  const exporter =
    config.OTEL_TRACES_EXPORTER === 'console'
      ? new sdk.ConsoleSpanExporter()
      : new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter({
          url:
            config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
            (config.OTEL_EXPORTER_OTLP_ENDPOINT
              ? `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`
              : 'http://localhost:4318/v1/traces'),
        });
  const provider = new sdk.TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.OTEL_SERVICE_NAME }),
    sampler: new sdk.ParentBasedSampler({ root }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter })],
  });
  return { tracer: provider.getTracer('portal-gateway'), provider };
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
      app.addHook('onRequest', (request, _reply, done) => {
        const given = request.headers.traceparent;
        if (typeof given === 'string' && TRACEPARENT.test(given)) request.traceparent = given;
        done();
      });
      return;
    }
    app.addHook('onRequest', (request, _reply, done) => {
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
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      endSpan(request.span, reply.statusCode, 500);
      done();
    });
    app.addHook('onClose', async () => {
      await tracing.provider.shutdown();
    });
  },
  { name: 'tracing' },
);

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
