import rateLimit from '@fastify/rate-limit';
import { type RateLimitClass, rateLimitOf } from '@portal/contract';
import type { AppRoute } from '@ts-rest/core';
import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { clientKey } from './proxy';
import { sharedLimitsStore } from './rate-limit-store';

/**
 * Per client IP (`request.ip`, as `TRUST_PROXY` allows it to be known): the
 * routes whose contract metadata names a `rateLimit` class share that class's
 * budget per window (`RATE_LIMIT_*`). Over it: 429 `rate_limited` with
 * `Retry-After`. Every other route carries no limiter at all.
 *
 * With Redis configured (docs/operations.md "Redis") the counters live there,
 * so that every gateway counts against the same budget. While Redis is
 * unavailable each gateway enforces its share of the budget in its own
 * memory (`rate-limit-store.ts`), counted by
 * `portal_rate_limit_local_decisions_total`: a limit never switches off.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(rateLimit, {
      global: false,
      store: sharedLimitsStore(app.store, config.RATE_LIMIT_GATEWAYS),
      // The store never fails: without Redis it decides in memory.
      skipOnError: false,
    });
    const timeWindow = config.RATE_LIMIT_WINDOW_S * 1000;
    const max: Record<RateLimitClass, number> = {
      signIn: config.RATE_LIMIT_SIGN_IN,
      codes: config.RATE_LIMIT_CODES,
      forgot: config.RATE_LIMIT_FORGOT,
    };
    const hooks = {} as Record<RateLimitClass, onRequestHookHandler>;
    for (const kind of Object.keys(max) as RateLimitClass[]) {
      const check = app.createRateLimit({
        max: max[kind],
        timeWindow,
        // One counter per class and client, whatever route of the class is called.
        keyGenerator: (request) => `${kind}:${clientKey(request.ip)}`,
      });
      hooks[kind] = async (request, reply) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        request.log.warn({ limit: kind }, 'rate limit reached');
        request.server.metrics.rateLimited.inc({ class: kind });
        throw new GatewayError('rate_limited');
      };
    }
    app.addHook('onRoute', (route) => {
      const contractRoute = route.config?.tsRestRoute as AppRoute | undefined;
      const kind = contractRoute && rateLimitOf(contractRoute);
      if (!kind) return;
      const existing = route.onRequest;
      route.onRequest = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        hooks[kind],
      ];
    });
  },
  { name: 'rate-limit', dependencies: ['store'] },
);
