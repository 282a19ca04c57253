/// <reference path="../rate-limit-store.d.ts" />
import rateLimit, {
  type FastifyRateLimitStoreCtor,
  type RateLimitPluginOptions,
} from '@fastify/rate-limit';
// @fastify/rate-limit's own Redis store, whose per-route key this plugin's limiters do not have.
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { type RateLimitClass, rateLimitOf } from '@portal/contract';
import type { AppRoute } from '@ts-rest/core';
import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { clientKey } from './proxy';

/**
 * @fastify/rate-limit's Redis store, keyed `portal-rate-limit:<class>:<client>`.
 * Its limiters made by `createRateLimit` have no route, and the store's
 * `child` put `undefinedundefined-` (method and URL) into every key.
 */
function fixedKeyStore(redis: Redis): FastifyRateLimitStoreCtor {
  type Options = Pick<RateLimitPluginOptions, 'continueExceeding' | 'exponentialBackoff'>;
  class PortalRedisStore extends RedisStore {
    constructor(options: Options) {
      super(
        options.continueExceeding ?? false,
        options.exponentialBackoff ?? false,
        redis,
        'portal-rate-limit:',
      );
    }
    override child(options: unknown) {
      return new PortalRedisStore(options as Options);
    }
  }
  return PortalRedisStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Per client IP (`request.ip`, as `TRUST_PROXY` allows it to be known): the
 * routes whose contract metadata names a `rateLimit` class share that class's
 * budget per window (`RATE_LIMIT_*`). Over it: 429 `rate_limited` with
 * `Retry-After`. Every other route carries no limiter at all.
 *
 * With `REDIS_URL` the counters live in Redis (@fastify/rate-limit's Redis
 * store), so that every gateway behind a load balancer counts against the
 * same budget. When Redis cannot be reached the limit fails open: the call
 * goes on (logged), because the upstream still locks an account after five
 * wrong passwords, and a Redis outage must not take sign-in down for everyone.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    // The Redis connection of the store plugin, shared with the session flags.
    const redis = app.redis;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { store: fixedKeyStore(redis) } : {}),
      skipOnError: true,
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
