import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { GatewayError } from '../errors';

/**
 * What the gateway knows about a session: whether its password is weak
 * (password status 1 or 2, spec part 4) and, once read, its account id (for
 * the security events). The account API is the authority: its sign-in answer
 * and `GET /user` carry `password_status`. This process keeps the answer for
 * a short while, keyed by a hash of the token (never the token itself), so
 * that a session's calls do not each cost a lookup.
 *
 * Nothing of it lives in Redis: a Redis outage or a Redis that lost its data
 * neither blocks a session nor lifts a lockdown (docs/operations.md "Redis").
 * A weak state is never trusted from memory: a call it would refuse reads the
 * account API again, so a password replaced through another gateway unlocks
 * the session at once. A strong state is kept `STATE_TTL_MS`: a password
 * cannot become weak within a session, only when an operator flags it, which
 * then takes hold within that time.
 */
export interface SessionState {
  weak: boolean;
  /** The account's id, when a `GET /user` told it. */
  account?: number | undefined;
}

/** How long a session's state is kept in this process. */
export const STATE_TTL_MS = 60_000;
/** At most this many sessions' states in memory (the least recently used go first). */
const STATE_MAX = 100_000;

/** The key of a token: SHA-256, so that no dump of the process's memory holds a bearer. */
export const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Spec part 4 and 9: password status 1 or 2 is a weak password. */
export const isWeakStatus = (status: number | undefined) => status === 1 || status === 2;

/** Reads a session's state from the account API (`GET /user`), for the request that asks. */
export type StateLookup = (request: FastifyRequest, token: string) => Promise<SessionState | null>;

export class SessionStates {
  readonly #cache: LRUCache<string, SessionState, { request: FastifyRequest; token: string }>;
  readonly #replaced = new LRUCache<string, true>({ max: STATE_MAX, ttl: STATE_TTL_MS });
  /** Tokens the account API did not know when one of several session cookies was picked. */
  readonly #refused = new LRUCache<string, true>({ max: STATE_MAX, ttl: STATE_TTL_MS });
  constructor(lookup: StateLookup) {
    this.#cache = new LRUCache({
      max: STATE_MAX,
      ttl: STATE_TTL_MS,
      ttlAutopurge: false,
      // lru-cache runs one lookup per key at a time: a burst of a session's calls costs one.
      fetchMethod: async (_key, _stale, { context }) =>
        (await lookup(context.request, context.token)) ?? undefined,
    });
  }

  /** What a session-starting answer said (its `password_status`); unknown when absent. */
  started(token: string, passwordStatus: number | undefined): void {
    if (passwordStatus === undefined) this.#cache.delete(tokenKey(token));
    else this.#cache.set(tokenKey(token), { weak: isWeakStatus(passwordStatus) });
  }

  /** The password was replaced: the session is no longer weak. */
  strong(token: string): void {
    const key = tokenKey(token);
    this.#cache.set(key, { ...this.#cache.get(key), weak: false });
  }

  forget(token: string): void {
    this.#cache.delete(tokenKey(token));
  }

  /** A newer sign-in in the same browser replaced this session (its cookie holds the newer one). */
  replaced(token: string): void {
    this.#replaced.set(tokenKey(token), true);
  }

  /** Whether a sign-in in the same browser replaced this session within the last `STATE_TTL_MS`. */
  wasReplaced(token: string): boolean {
    return this.#replaced.has(tokenKey(token));
  }

  /**
   * Whether the session is weak: a strong state from memory, anything else
   * from the account API. A lookup that fails throws (the call is refused:
   * a lockdown that an outage lifts would be no lockdown); a token the
   * account API does not know is no weak session (its call answers 401).
   */
  async isWeak(request: FastifyRequest, token: string): Promise<boolean> {
    const known = this.#cache.get(tokenKey(token));
    if (known && !known.weak) return false;
    const state = await this.#cache.fetch(tokenKey(token), {
      context: { request, token },
      forceRefresh: true,
    });
    return state?.weak ?? false;
  }

  /**
   * Whether the account API holds this token as a live session: known here
   * (started, or read within `STATE_TTL_MS`), else asked once; a token it
   * refused is remembered as refused for as long. A failed lookup says no.
   * Used only to pick among several session cookies (`browserCookies`).
   */
  async isLive(request: FastifyRequest, token: string): Promise<boolean> {
    const key = tokenKey(token);
    if (this.#cache.get(key)) return true;
    if (this.#refused.has(key)) return false;
    const state = await this.#cache
      .fetch(key, { context: { request, token }, forceRefresh: true })
      .catch(() => undefined);
    if (state) return true;
    this.#refused.set(key, true);
    return false;
  }

  /** The session's account id, read from the account API when not known yet. */
  async account(request: FastifyRequest, token: string): Promise<number | undefined> {
    const known = this.#cache.get(tokenKey(token));
    if (known?.account !== undefined) return known.account;
    const state = await this.#cache.fetch(tokenKey(token), {
      context: { request, token },
      forceRefresh: true,
    });
    return state?.account;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis of `REDIS_URL`, when set (the rate limits' counters). */
    redis: Redis | undefined;
    /** Whether the configured Redis has answered once (always, without one): readiness. */
    storeReady(): boolean;
    sessionStates: SessionStates;
  }
}

/**
 * The gateway's shared state: one Redis connection when `REDIS_URL` is set
 * (failing fast rather than queueing: a request must not wait on a Redis that
 * is away), for the rate limits only; and the sessions' states in memory.
 */
export const storePlugin = fp<{ config: Config; lookup: StateLookup }>(
  async (app, { config, lookup }) => {
    let redis: Redis | undefined;
    let answered = !config.REDIS_URL;
    if (config.REDIS_URL) {
      redis = new Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
        commandTimeout: 1000,
      });
      redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable'));
      redis.on('ready', () => {
        answered = true;
      });
      // Wait (briefly) for the connection. A Redis that is away at start does
      // not stop the gateway: it is not ready (`/readyz`) until Redis has
      // answered once, and ioredis goes on reconnecting. (Not `events.once`:
      // it rejects on the first 'error', which took the gateway down.)
      const ready = new Promise<void>((resolve) => redis?.once('ready', () => resolve()));
      await Promise.race([ready, setTimeout(3000)]);
      app.addHook('onClose', async () => {
        redis?.disconnect();
      });
    }
    app.decorate('redis', redis);
    app.decorate('storeReady', () => answered);
    app.decorate('sessionStates', new SessionStates(lookup));
  },
  { name: 'store' },
);

/** A lookup that could not be made: the call it guards is refused, never let through. */
export const lookupFailed = (cause: string) =>
  new GatewayError('upstream_unavailable', undefined, { cause: `session state: ${cause}` });
