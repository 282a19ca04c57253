import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GatewayError } from '../errors';

/** The SDK's framework error handlers (`getErrorIntegrations`): the error handler reports instead. */
const FRAMEWORK_INTEGRATIONS = new Set(['Express', 'Fastify', 'Hapi', 'Hono', 'Koa', 'Nitro']);

/**
 * The gateway's own answers about the account API (502 `upstream_unavailable`,
 * 503 `upstream_busy`, 504 `upstream_timeout`) and maintenance: metrics and
 * warnings, not errors. A broken contract is reported.
 */
function answeredOnPurpose(error: unknown): boolean {
  return error instanceof GatewayError && error.kind !== 'upstream_contract';
}

export type ErrorReporter = (error: unknown, request: FastifyRequest) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends an unexpected error to the error-reporting service; absent without `SENTRY_DSN`. */
    reportError: ErrorReporter | undefined;
  }
}

/**
 * Error reporting with Sentry's SDK (docs/product.md part 7 and 9; docs/operations.md
 * "Error reporting"): off without `SENTRY_DSN`, and then not even loaded.
 * Sample rates from configuration, 0 by default as the spec sets them; trace
 * headers only to the account APIs (`tracePropagationTargets`). Only what
 * the error handler calls unexpected is sent (a 500, an answer that broke a
 * contract), with the request id and route, never a body, cookie or header.
 *
 * Without the SDK's framework integrations (Fastify's among them): they
 * report every 5xx as unhandled, the 502/503/504 the gateway answers on
 * purpose included, untagged, and the gateway's own tagged report of the
 * same error was then dropped as a duplicate.
 */
export const errorReportingPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.SENTRY_DSN) {
      app.decorate('reportError', undefined);
      return;
    }
    const Sentry = await import('@sentry/node');
    Sentry.init({
      integrations: (defaults) => defaults.filter((i) => !FRAMEWORK_INTEGRATIONS.has(i.name)),
      dsn: config.SENTRY_DSN,
      environment: config.SENTRY_ENVIRONMENT,
      sampleRate: config.SENTRY_SAMPLE_RATE,
      tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
      tracePropagationTargets: [config.UPSTREAM_BE_URL, config.UPSTREAM_LU_URL],
      // No user, cookie, header or body: a session's token must not leave.
      dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [] },
      // Whatever else might capture one: an answer given on purpose is no error to report.
      beforeSend: (event, hint) => (answeredOnPurpose(hint.originalException) ? null : event),
      // No load-time hooks into other modules: the gateway reports its errors
      // itself (above), and in the production bundle (gateway/build.mjs) there
      // are no module files left to hook.
      enableRuntimeChannelInjection: false,
    });
    app.decorate('reportError', (error: unknown, request: FastifyRequest) => {
      Sentry.captureException(error, {
        tags: { request_id: request.id, route: request.routeOptions.url ?? 'unmatched' },
      });
    });
    app.addHook('onClose', async () => {
      await Sentry.close(2000);
    });
  },
  { name: 'error-reporting' },
);
