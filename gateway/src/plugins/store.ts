import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { isWeakPasswordStatus } from '@portal/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Cluster, Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { Counter, type Registry } from 'prom-client';
import type { Config } from '../config';
import { GatewayError } from '../errors';
import { FlowStore } from '../flows/store';

/**
 * What the gateway knows about a session: whether its password is weak
 * (password status 1 or 2, docs/product.md part 4), whether the account must set up a
 * second factor first (`mfa_forced`) and, once read, its account id (for
 * the security events). The account API is the authority: its sign-in answer
 * and `GET /user` carry `password_status`, `GET /user` `mfa_forced`. This process keeps the answer for
 * a short while, keyed by a hash of the token (never the token itself), so
 * that a session's calls do not each cost a lookup.
 *
 * Nothing of it lives in Redis: a Redis outage or a Redis that lost its data
 * neither blocks a session nor lifts a lockdown (docs/operations.md "Redis").
 * A weak or forced state is never trusted from memory: a call it would refuse
 * reads the account API again, so a password replaced (a second factor set up)
 * through another gateway unlocks the session at once. A strong state is kept `STATE_TTL_MS`: a password
 * cannot become weak within a session, only when an operator flags it, which
 * then takes hold within that time.
 */
export interface SessionState {
  weak: boolean;
  /**
   * The account must set up a second factor before anything else (`mfa_forced`,
   * docs/flows.md "Forced MFA"); unknown until a `GET /user` told it.
   */
  forced?: boolean | undefined;
  /** The account's id, when a `GET /user` told it. */
  account?: number | undefined;
}

/** How long a session's state is kept in this process. */
export const STATE_TTL_MS = 60_000;
/** At most this many sessions' states in memory (the least recently used go first). */
const STATE_MAX = 100_000;

/** The key of a token: SHA-256, so that no dump of the process's memory holds a bearer. */
export const tokenKey = (token: string) => createHash('sha256').update(token).digest('base64url');

/** docs/product.md part 4 and 9: password status 1 or 2 is a weak password. */

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
    else this.#cache.set(tokenKey(token), { weak: isWeakPasswordStatus(passwordStatus) });
  }

  /** What the sign-in's own `GET /user` told of the account (no lookup needed after it). */
  read(token: string, state: SessionState): void {
    this.#cache.set(tokenKey(token), state);
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
   * Whether the account must set up its second factor first: "no" from
   * memory, anything else from the account API, as for a weak session (a
   * setup finished through another gateway frees the session at once).
   */
  async isForced(request: FastifyRequest, token: string): Promise<boolean> {
    const known = this.#cache.get(tokenKey(token));
    if (known?.forced === false) return false;
    const state = await this.#cache.fetch(tokenKey(token), {
      context: { request, token },
      forceRefresh: true,
    });
    return state?.forced ?? false;
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

export type RedisClient = Redis | Cluster;
export type RedisMode = 'standalone' | 'sentinel' | 'cluster';

/** A request never waits longer than this on Redis: past it, Redis counts as down. */
const COMMAND_TIMEOUT_MS = 500;
/** How long a start waits to know whether Redis answers. */
const STARTUP_SETTLE_MS = 1000;
/** While Redis is down, how often a write is tried to see whether it is back. */
export const PROBE_INTERVAL_MS = 1000;

/**
 * The client of the configured mode, failing fast rather than queueing (a
 * request must not wait on a Redis that is away): no offline queue, one
 * retry, a short command timeout. ioredis reconnects by itself; with
 * Sentinel it asks the sentinels for the primary at each reconnection, so a
 * failover is followed once a new primary is elected.
 */
export function redisClient(config: Config): { client: RedisClient; mode: RedisMode } | undefined {
  const common = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // At most a second between reconnection attempts: a Redis back is used within about that.
    retryStrategy: (times: number) => Math.min(times * 100, PROBE_INTERVAL_MS),
  };
  const credentials = {
    ...(config.REDIS_USERNAME ? { username: config.REDIS_USERNAME } : {}),
    ...(config.REDIS_PASSWORD ? { password: config.REDIS_PASSWORD } : {}),
  };
  if (config.REDIS_URL) return { client: new Redis(config.REDIS_URL, common), mode: 'standalone' };
  if (config.REDIS_SENTINELS && config.REDIS_SENTINEL_NAME) {
    const client = new Redis({
      ...common,
      ...credentials,
      sentinels: config.REDIS_SENTINELS,
      name: config.REDIS_SENTINEL_NAME,
      ...(config.REDIS_SENTINEL_PASSWORD
        ? { sentinelPassword: config.REDIS_SENTINEL_PASSWORD }
        : {}),
      sentinelRetryStrategy: (times: number) => Math.min(times * 100, PROBE_INTERVAL_MS),
      // A primary demoted without dying (a manual failover) answers writes READONLY:
      // reconnect, asking the sentinels for the primary again. (Not ioredis's
      // failoverDetector: a +switch-master during a reconnection ended the client.)
      reconnectOnError: (err: Error) => err.message.startsWith('READONLY'),
    });
    return { client, mode: 'sentinel' };
  }
  if (config.REDIS_CLUSTER_NODES) {
    const { enableOfflineQueue, retryStrategy, ...perNode } = common;
    const client = new Cluster(config.REDIS_CLUSTER_NODES, {
      enableOfflineQueue,
      clusterRetryStrategy: retryStrategy,
      slotsRefreshTimeout: 2000,
      redisOptions: { ...perNode, ...credentials },
    });
    return { client, mode: 'cluster' };
  }
  return undefined;
}

/** A key in Redis: `portal:<namespace>:{<id>}`, the id a hash tag, so a script's keys share a slot. */
export const redisKey = (namespace: string, id: string) => `portal:${namespace}:{${id}}`;

/** Redis is down (or not configured): the caller decides in this process's memory. */
export class RedisUnavailable extends Error {}

/** An error's first line, without what a reply could echo: enough to name the cause in a log. */
const reasonOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).split('\n')[0]?.slice(0, 200) ?? 'error';

/**
 * A small typed key-value store with a time to live, for state any gateway
 * must find (a journey's flow): in Redis while it answers, else in this
 * process's memory. Values are JSON. A value written during an outage stays
 * readable from the gateway that wrote it until it expires.
 */
export interface KeyValue<T> {
  get(id: string): Promise<T | undefined>;
  set(id: string, value: T, ttlMs: number): Promise<void>;
  delete(id: string): Promise<void>;
  /** Reads and deletes in one step: a value that must be used once. */
  take(id: string): Promise<T | undefined>;
}

/**
 * The gateways' shared state and whether Redis is usable. Any error, a
 * `MOVED` (a cluster node that does not own the key's slot), a `READONLY`
 * (a replica) or a timeout counts as Redis down: one warning is logged, the
 * gauge `portal_redis_up` drops to 0 and every caller decides in memory until
 * a write succeeds again, tried every `PROBE_INTERVAL_MS` on the key that
 * failed (so a node that refuses only some slots is not taken for back).
 */
export class SharedStore {
  readonly mode: RedisMode | 'memory';
  readonly client: RedisClient | undefined;
  #up = false;
  #downLogged = false;
  #closed = false;
  #waitOver: ReturnType<typeof setTimeout> | undefined;
  #settle: () => void = () => {};
  /** Resolved once Redis was first found usable or not (at once without one). */
  readonly settled = new Promise<void>((resolve) => {
    this.#settle = resolve;
  });
  #answered = false;
  #probeKey = redisKey('probe', 'probe');
  #probing: ReturnType<typeof setInterval> | undefined;
  readonly #startedAt = Date.now();
  readonly #waitMs: number;
  readonly #log: FastifyBaseLogger;
  readonly #memory = new LRUCache<string, string>({ max: 100_000, ttlAutopurge: false });

  readonly #localDecisions: Counter<'class'>;

  constructor(config: Config, log: FastifyBaseLogger, registry: Registry) {
    this.#localDecisions = new Counter({
      name: 'portal_rate_limit_local_decisions_total',
      help: 'Rate-limit decisions taken in this process while the configured Redis was unavailable, by class',
      labelNames: ['class'],
      registers: [registry],
    });
    const made = redisClient(config);
    this.mode = made?.mode ?? 'memory';
    this.client = made?.client;
    this.#waitMs = config.REDIS_STARTUP_WAIT_MS;
    this.#log = log;
    const client = this.client;
    if (!client) {
      this.#settle();
      return;
    }
    // ioredis emits 'error' at each failed reconnection: the state change is logged once, below.
    client.on('error', (err: unknown) => this.#down(err));
    client.on('close', () => this.#down(new Error('connection closed')));
    client.on('ready', () => void this.#probe());
    this.#waitOver = setTimeout(() => {
      if (!this.#answered) {
        this.#log.warn(
          { redis: this.mode, waitedMs: this.#waitMs },
          'redis not reached within REDIS_STARTUP_WAIT_MS: ready, rate limits in this process',
        );
      }
    }, this.#waitMs).unref();
    if (client instanceof Cluster) client.on('node error', (err: unknown) => this.#down(err));
    this.#startProbing();
  }

  /** A rate-limit decision of `kind` was taken in memory, Redis being configured but unavailable. */
  decidedLocally(kind: string): void {
    this.#localDecisions.inc({ class: kind });
  }

  /** Whether Redis is configured and usable now. */
  up(): boolean {
    return this.#up;
  }

  /** For `/readyz`: `memory` (none configured), `ok`, or `unreachable`. */
  status(): 'memory' | 'ok' | 'unreachable' {
    return this.client ? (this.#up ? 'ok' : 'unreachable') : 'memory';
  }

  /**
   * Readiness: no Redis, or it answered once, or `REDIS_STARTUP_WAIT_MS`
   * passed since the start (then the limits are in memory until it answers).
   */
  ready(): boolean {
    return !this.client || this.#answered || Date.now() - this.#startedAt >= this.#waitMs;
  }

  /**
   * Runs `command` on Redis, for the key `key`. Throws `RedisUnavailable` at
   * once while Redis is down; a command that fails marks it down and throws
   * `RedisUnavailable` too. The caller then decides in memory.
   */
  async run<T>(key: string, command: (redis: RedisClient) => Promise<T>): Promise<T> {
    const client = this.client;
    if (!client || !this.#up) throw new RedisUnavailable(this.client ? 'down' : 'none');
    try {
      return await command(client);
    } catch (err) {
      this.#probeKey = key.replace(/^[^{]*/, 'portal:probe:');
      this.#down(err);
      throw new RedisUnavailable(reasonOf(err));
    }
  }

  /** A typed key-value store under `namespace` (keys `portal:<namespace>:{<id>}`). */
  keyValue<T>(namespace: string): KeyValue<T> {
    const key = (id: string) => redisKey(namespace, id);
    const memory = this.#memory;
    const parse = (text: string | null | undefined) =>
      text === null || text === undefined ? undefined : (JSON.parse(text) as T);
    const local = (id: string) => parse(memory.get(key(id)));
    return {
      get: async (id) => {
        try {
          return parse(await this.run(key(id), (r) => r.get(key(id)))) ?? local(id);
        } catch (err) {
          if (err instanceof RedisUnavailable) return local(id);
          throw err;
        }
      },
      set: async (id, value, ttlMs) => {
        const text = JSON.stringify(value);
        try {
          await this.run(key(id), (r) => r.set(key(id), text, 'PX', Math.max(1, Math.ceil(ttlMs))));
          memory.delete(key(id));
        } catch (err) {
          if (!(err instanceof RedisUnavailable)) throw err;
          memory.set(key(id), text, { ttl: Math.max(1, ttlMs) });
        }
      },
      delete: async (id) => {
        memory.delete(key(id));
        await this.run(key(id), (r) => r.del(key(id))).catch((err: unknown) => {
          if (!(err instanceof RedisUnavailable)) throw err;
        });
      },
      take: async (id) => {
        const kept = local(id);
        memory.delete(key(id));
        try {
          return parse(await this.run(key(id), (r) => r.getdel(key(id)))) ?? kept;
        } catch (err) {
          if (err instanceof RedisUnavailable) return kept;
          throw err;
        }
      },
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#waitOver);
    clearInterval(this.#probing);
    this.#probing = undefined;
    this.client?.disconnect();
  }

  #startProbing() {
    if (this.#probing) return;
    this.#probing = setInterval(() => void this.#probe(), PROBE_INTERVAL_MS);
    this.#probing.unref();
    void this.#probe();
  }

  /** A write on the probe key, in the slot of the key that last failed: Redis is back when it succeeds. */
  async #probe() {
    const client = this.client;
    if (!client || this.#up || this.#closed) return;
    // A client that gave up reconnecting (ioredis's 'end') is started again: never for good.
    if (client.status === 'end') {
      client.connect().catch(() => {});
      return;
    }
    // Until connected, the connection's own errors say why (a command would only say "not connected").
    if (client.status !== 'ready') return;
    try {
      await client.set(this.#probeKey, '1', 'PX', 10_000);
    } catch (err) {
      this.#down(err);
      return;
    }
    this.#answered = true;
    if (this.#up) return;
    this.#up = true;
    this.#settle();
    clearInterval(this.#probing);
    this.#probing = undefined;
    this.#log.info({ redis: this.mode }, 'redis available: rate limits shared');
  }

  /** Redis failed: logged once per change from up (or from the start) to down. */
  #down(err: unknown) {
    if (this.#closed) return;
    const change = this.#up || !this.#downLogged;
    this.#up = false;
    this.#downLogged = true;
    this.#settle();
    if (change) {
      this.#log.warn(
        { redis: this.mode, reason: reasonOf(err) },
        'redis unavailable: rate limits in this process',
      );
    }
    this.#startProbing();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateways' shared state: Redis when configured and usable, else memory. */
    store: SharedStore;
    sessionStates: SessionStates;
  }
}

/**
 * The gateway's shared state (`SharedStore`: the rate limits, the journeys'
 * flows) and the sessions' states, which are in memory only. A Redis away at
 * start does not hold the start: `/readyz` waits for it at most
 * `REDIS_STARTUP_WAIT_MS`.
 */
export const storePlugin = fp<{ config: Config; lookup: StateLookup }>(
  async (app, { config, lookup }) => {
    const store = new SharedStore(config, app.log, app.metrics.registry);
    // A second at most: a Redis that answers is used from the first request;
    // one that is away does not hold the start (`/readyz` waits for it, bounded).
    await Promise.race([store.settled, delay(STARTUP_SETTLE_MS, undefined, { ref: false })]);
    if (store.client) {
      app.metrics.gauge(
        'portal_redis_up',
        'Whether the configured Redis is usable (1) or not (0: the rate limits are in each process)',
        [],
        (gauge) => gauge.set(store.up() ? 1 : 0),
      );
    }
    app.addHook('onClose', async () => {
      await store.close();
    });
    app.decorate('store', store);
    app.decorate('sessionStates', new SessionStates(lookup));
    // The journeys' flows: shared through Redis when there is one, this process's memory else.
    app.decorate('flows', new FlowStore(store.keyValue('flow')));
  },
  { name: 'store', dependencies: ['metrics'] },
);

/** A lookup that could not be made: the call it guards is refused, never let through. */
export const lookupFailed = (cause: string) =>
  new GatewayError('upstream_unavailable', undefined, { cause: `session state: ${cause}` });
