import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { GatewayError } from '../errors';

/**
 * What the gateway remembers about a session, server-side, keyed by a hash of
 * its token (never the token itself): today, that its sign-in was flagged
 * weak (password status 1 or 2, spec part 4). A client cannot undo a flag
 * kept here: deleting or editing a cookie changes nothing, and a session that
 * is not flagged can only come from a sign-in the upstream did not flag.
 *
 * The store is the one the rate limits use: this process's memory, or Redis
 * when `REDIS_URL` is set (shared by every gateway behind a load balancer). A
 * flag lives as long as the session can (the token's `expires_in`, at most
 * the cookie's 30 days). In memory, a restart forgets the flags: a
 * deployment with more than one gateway, or that restarts, sets `REDIS_URL`.
 *
 * Unlike the rate limits, this check fails closed: when Redis cannot answer,
 * a sign-in whose flag cannot be written is refused (and its token revoked),
 * and a call whose flag cannot be read answers 503 `session_store_unavailable`.
 * A lockdown that an outage lifts would be no lockdown.
 */
export interface SessionFlags {
  markWeak(token: string, ttlSeconds: number): Promise<void>;
  isWeak(token: string): Promise<boolean>;
  forget(token: string): Promise<void>;
}

/** The key of a token: SHA-256, so that neither the store nor a dump of it holds a bearer. */
export const tokenKey = (token: string) =>
  `portal-session:weak:${createHash('sha256').update(token).digest('base64url')}`;

/** At most this many flags in memory (the oldest go first); each a few hundred bytes. */
const MEMORY_MAX = 100_000;

function memoryFlags(): SessionFlags {
  const cache = new LRUCache<string, true>({ max: MEMORY_MAX, ttlAutopurge: false });
  return {
    async markWeak(token, ttlSeconds) {
      cache.set(tokenKey(token), true, { ttl: ttlSeconds * 1000 });
    },
    async isWeak(token) {
      return cache.get(tokenKey(token)) === true;
    },
    async forget(token) {
      cache.delete(tokenKey(token));
    },
  };
}

function redisFlags(redis: Redis): SessionFlags {
  const unavailable = (err: unknown) =>
    new GatewayError('session_store_unavailable', undefined, {
      cause: (err as Error | null)?.message,
    });
  return {
    async markWeak(token, ttlSeconds) {
      await redis.set(tokenKey(token), '1', 'EX', ttlSeconds).catch((err) => {
        throw unavailable(err);
      });
    },
    async isWeak(token) {
      const value = await redis.get(tokenKey(token)).catch((err) => {
        throw unavailable(err);
      });
      return value === '1';
    },
    async forget(token) {
      await redis.del(tokenKey(token)).catch((err) => {
        throw unavailable(err);
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis of `REDIS_URL`, when set (rate limits and session flags). */
    redis: Redis | undefined;
    sessionFlags: SessionFlags;
  }
}

/**
 * The gateway's shared state: one Redis connection when `REDIS_URL` is set
 * (failing fast rather than queueing: a request must not wait on a Redis that
 * is away), and the session flags on it or in memory.
 */
export const storePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    let redis: Redis | undefined;
    if (config.REDIS_URL) {
      redis = new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        commandTimeout: 1000,
      });
      redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable'));
      // Wait (briefly) for the connection. A Redis that is away at start does
      // not stop the gateway: rate limits fail open, session flags fail closed,
      // and ioredis goes on reconnecting. (Not `events.once`: it rejects on the
      // first 'error', which took the gateway down when Redis was away.)
      const ready = new Promise<void>((resolve) => redis?.once('ready', () => resolve()));
      await Promise.race([ready, setTimeout(3000)]);
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
    }
    app.decorate('redis', redis);
    app.decorate('sessionFlags', redis ? redisFlags(redis) : memoryFlags());
  },
  { name: 'store' },
);
