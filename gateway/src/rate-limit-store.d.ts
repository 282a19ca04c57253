/** @fastify/rate-limit's Redis store (the package declares types for its plugin only). */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';
  export default class RedisStore implements FastifyRateLimitStore {
    constructor(
      continueExceeding: boolean,
      exponentialBackoff: boolean,
      redis: Redis,
      key?: string,
    );
    incr: FastifyRateLimitStore['incr'];
    child(options: unknown): FastifyRateLimitStore;
  }
}
