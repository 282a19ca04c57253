/// <reference path="../rate-limit-store.d.ts" />
import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
// @fastify/rate-limit's own stores: its Lua script in Redis, its window count in memory.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { RedisUnavailable, redisKey, type SharedStore } from './store';

type Count = { current: number; ttl: number };
type Done = (error: Error | null, result?: Count) => void;
type Options = Pick<RateLimitPluginOptions, 'continueExceeding' | 'exponentialBackoff'>;

/** Clients counted in memory at most (the least recently seen go first). */
const LOCAL_CLIENTS = 50_000;

/**
 * The rate limits' store: with Redis configured and usable, @fastify/rate-limit's
 * Redis store (keys `portal:rate-limit:{<class>:<client>}`, so every gateway
 * counts against one budget); while Redis is down (`SharedStore`), or when a
 * command fails, the decision is taken in this process's memory against its
 * share of the budget (`gateways`: `RATE_LIMIT_GATEWAYS`), and counted
 * (`portal_rate_limit_local_decisions_total`). A limit is never off: without
 * Redis, each gateway enforces it alone.
 */
export function sharedLimitsStore(store: SharedStore, gateways: number): FastifyRateLimitStoreCtor {
  class SharedLimits implements FastifyRateLimitStore {
    readonly #local: LocalStore;
    readonly #redis: RedisStore | undefined;
    constructor(limits: Options) {
      const continueExceeding = limits.continueExceeding ?? false;
      const exponentialBackoff = limits.exponentialBackoff ?? false;
      this.#local = new LocalStore(continueExceeding, exponentialBackoff, LOCAL_CLIENTS);
      this.#redis =
        store.client &&
        new RedisStore(continueExceeding, exponentialBackoff, store.client, 'portal:rate-limit:');
    }

    incr(key: string, done: Done, timeWindow?: number, max?: number): void {
      const redis = this.#redis;
      if (!redis) {
        this.#local.incr(key, done, timeWindow, max);
        return;
      }
      store
        .run(
          redisKey('rate-limit', key),
          () =>
            new Promise<Count>((resolve, reject) =>
              redis.incr(
                `{${key}}`,
                (err, count) => (err || !count ? reject(err) : resolve(count)),
                timeWindow,
                max,
              ),
            ),
        )
        .then(
          (count) => done(null, count),
          (err: unknown) => {
            if (!(err instanceof RedisUnavailable)) return done(err as Error);
            // The key is `<class>:<client>` (rate-limit.ts, code-budgets.ts: `code-<budget>:…`):
            // the class labels the count, spelt as portal_rate_limit_refusals_total spells it.
            store.decidedLocally(key.slice(0, key.indexOf(':')).replace('-', '_'));
            this.#localShare(key, done, timeWindow, max);
          },
        );
    }

    /** Counted here against `ceil(max / gateways)`, reported on the scale of `max`. */
    #localShare(key: string, done: Done, timeWindow?: number, max?: number) {
      this.#local.incr(
        key,
        (err, count) => {
          if (err || !count || max === undefined) return done(err, count);
          const share = Math.ceil(max / gateways);
          const current = count.current > share ? max + (count.current - share) : count.current;
          done(null, { ...count, current });
        },
        timeWindow,
        max,
      );
    }

    // @fastify/rate-limit passes the limiter's merged options (its types say route options).
    child(limits: unknown): FastifyRateLimitStore {
      return new SharedLimits(limits as Options);
    }
  }
  return SharedLimits as unknown as FastifyRateLimitStoreCtor;
}
